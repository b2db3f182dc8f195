import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../cli/access-token';
import type { Investor } from './autocannon-load';

/** A JSON call to the server with a bearer token; a non-2xx answer throws with the start of its body. */
export const apiCall = async (base: string, token: string, method: string, url: string, body?: unknown) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
};

/**
 * Investors as the bench makes them: an access token signed with the server's secret (shared through JWT_SECRET)
 * and, per investor, a new user with a fresh $1,000,000 tracking of `etf`.
 */
export const investorsOf = (jwtSecret: string, etf: string) => {
  const accessToken = (userId: string, plan?: 'PRO') => signAccessToken(jwtSecret, userId, plan);
  const newInvestor = async (base: string): Promise<Investor> => {
    const token = accessToken(randomUUID());
    const created = (await apiCall(base, token, 'POST', '/api/trackings', {
      symbol: etf,
      currentReplication: { targetInvestmentAmount: '1000000', investments: [], leftoverAmount: '1000000' },
    })) as { trackingId: string };
    return { token, trackingId: created.trackingId };
  };
  return { accessToken, newInvestor };
};

import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { TrackingDetail, TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { type Credentials, confirmedUser } from './accounts';
import { clientHeaders } from './client-address';
import { ADMIN } from './server';

/** A separate API session (its token carries the plan as the server sees it now). */
export const apiToken = async (baseUrl: string, { email, password }: Credentials): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...clientHeaders() },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

/** The claims of an access token (no verification: the test only reads its own token). */
export const tokenClaims = (token: string): { userId: string; plan?: string } =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

export const apiCall = async <T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

/** Read the tracking screens' data straight from the API, to compare with what the browser shows. */
export const trackingsApi = (baseUrl: string, token: string) => ({
  summary: () => apiCall<TrackingSummary[]>(baseUrl, token, 'GET', '/api/trackings/trackings-summary'),
  detail: (id: string) => apiCall<TrackingDetail>(baseUrl, token, 'GET', `/api/trackings/${id}`),
  history: (id: string) =>
    apiCall<{ content: HistoryEntry[]; totalElements: number }>(
      baseUrl,
      token,
      'GET',
      `/api/history/${id}?page=0&size=50`,
    ),
  remove: (id: string) => apiCall<void>(baseUrl, token, 'DELETE', `/api/trackings/${id}`),
});

/** An administrator sets a user's plan (null = Free). */
export const setPlan = (baseUrl: string, adminToken: string, userId: string, plan: string | null) =>
  apiCall(baseUrl, adminToken, 'POST', `/api/admin/users/${userId}/plan`, { plan });

/** A confirmed user whose plan an administrator set (GROWTH: blends, budgets), and an API token carrying it. */
export const paidUser = async (baseUrl: string, label: string, plan = 'GROWTH') => {
  const user = await confirmedUser(baseUrl, label);
  const { userId } = tokenClaims(await apiToken(baseUrl, user));
  await setPlan(baseUrl, await apiToken(baseUrl, ADMIN), userId, plan);
  return { user, token: await apiToken(baseUrl, user) };
};

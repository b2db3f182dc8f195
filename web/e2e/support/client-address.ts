let next = 0;

/**
 * A fresh client address for each browser context and API session. The e2e server trusts X-Forwarded-For from
 * loopback (TRUST_PROXY=loopback), as it would behind a reverse proxy, so the suite's many sign-ins count as the
 * different clients they stand for instead of one address that trips the production per-IP limits.
 */
export const nextClientAddress = (): string => {
  next += 1;
  return `10.${(process.pid >> 8) & 255}.${(next >> 8) & 255}.${next & 255}`;
};

export const clientHeaders = (): Record<string, string> => ({ 'x-forwarded-for': nextClientAddress() });

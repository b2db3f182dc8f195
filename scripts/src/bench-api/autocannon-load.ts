import autocannon from 'autocannon';

/** Load generation for bench:api: autocannon runs, and their figures in milliseconds. */
export type Investor = { token: string; trackingId: string };
export type Summary = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

export const summarise = (result: autocannon.Result): Summary => ({
  requestsPerSec: Math.round(result.requests.total / (result.duration || 1)),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
});

export const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

export const orderBody = (orderType: 'BUY' | 'SELL', symbol = 'AAPL') =>
  JSON.stringify({ symbol, shares: '1', orderType });

/**
 * One keep-alive connection per investor, each always acting for that investor: one autocannon instance per
 * connection (autocannon's request context is reset every cycle, so a shared instance would mix investors across
 * connections and make their trackings collide). Throughput adds up; p50 is the median of the connections' p50s,
 * p99 the worst connection's p99 (conservative).
 */
export const perConnection = async (
  base: string,
  investors: readonly Investor[],
  request: (investor: Investor) => { method: 'GET' | 'POST'; path: string; body?: string },
  options: Partial<autocannon.Options>,
): Promise<Summary> => {
  const results = await Promise.all(
    investors.map((investor) => {
      const { method, path: requestPath, body } = request(investor);
      return run({
        url: base,
        connections: 1,
        ...options,
        requests: [
          {
            method,
            path: requestPath,
            headers: { authorization: `Bearer ${investor.token}`, 'content-type': 'application/json' },
            ...(body ? { body } : {}),
          },
        ],
      } as autocannon.Options);
    }),
  );
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const duration = Math.max(...results.map((r) => r.duration || 1));
  return {
    requestsPerSec: Math.round(total / duration),
    p50Ms: median(results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    requests: total,
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

import { Agent, request } from 'node:http';
import { type Investor, orderBody, type Summary } from './autocannon-load';

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** One POST on `agent`'s keep-alive connection; resolves the status once the whole answer is read. */
const post = (agent: Agent, url: URL, headers: Record<string, string>, body: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

/**
 * One client sending BUY 1 AAPL orders one after another, each timed to the hundredth of a millisecond: autocannon's
 * whole milliseconds cannot tell 4 ms from 4.9 ms, so a ratio of two single-client p50s near 5 ms read 1.25 for
 * what may be no change at all.
 * `connections` keep-alive connections, order i on connection i mod `connections`: 1 is a browser tab (it sends the
 * next order on the connection that just answered, so one server process takes them all); 2 is a load balancer
 * handing one client's requests to server processes in turn (node:cluster gives the two connections to two
 * processes), where each order meets a tracking the other process changed last. Fetch picks its connection by
 * timing, so it measured either case from one run to the next.
 */
export const sequentialOrders = async (
  base: string,
  investor: Investor,
  count: number,
  { connections = 1 }: { connections?: number } = {},
): Promise<Summary> => {
  const agents = Array.from({ length: connections }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const url = new URL(`${base}/api/trackings/${investor.trackingId}/applyAdjustmentOrders`);
  const body = orderBody('BUY');
  const headers = {
    authorization: `Bearer ${investor.token}`,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  };
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      const sent = performance.now();
      try {
        const status = await post(agents[i % connections] as Agent, url, headers, body);
        if (status < 200 || status >= 300) non2xx++;
      } catch {
        errors++;
      }
      times.push(performance.now() - sent);
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  const hundredths = (ms: number) => Math.round(ms * 100) / 100;
  return {
    requestsPerSec: Math.round(count / (seconds || 1)),
    p50Ms: hundredths(percentile(sorted, 0.5)),
    p99Ms: hundredths(percentile(sorted, 0.99)),
    requests: count,
    non2xx,
    errors,
  };
};

import { type Investor, orderBody, type Summary } from './autocannon-load';

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/**
 * One client sending BUY 1 AAPL orders one after another, each timed to the hundredth of a millisecond: autocannon's
 * whole milliseconds cannot tell 4 ms from 4.9 ms, so a ratio of two single-client p50s near 5 ms read 1.25 for
 * what may be no change at all.
 */
export const sequentialOrders = async (base: string, investor: Investor, count: number): Promise<Summary> => {
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    try {
      const response = await fetch(`${base}/api/trackings/${investor.trackingId}/applyAdjustmentOrders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${investor.token}`, 'content-type': 'application/json' },
        body: orderBody('BUY'),
      });
      await response.text();
      if (!response.ok) non2xx++;
    } catch {
      errors++;
    }
    times.push(performance.now() - sent);
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

/** Latency samples → summary numbers (milliseconds), and a closed-loop load generator over fetch. */
export type LoadResult = {
  readonly requests: number;
  readonly errors: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly statuses: Record<string, number>;
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * `workers` loops, each sending its requests one after another (closed loop), until each has sent `perWorker`
 * requests or `durationMs` has passed. A request counts as an error unless its status is in `ok`.
 */
export const runLoad = async ({
  workers,
  perWorker = Number.POSITIVE_INFINITY,
  durationMs = Number.POSITIVE_INFINITY,
  request,
  ok = [200],
}: {
  workers: number;
  perWorker?: number;
  durationMs?: number;
  request: (worker: number, index: number) => Promise<Response>;
  ok?: readonly number[];
}): Promise<LoadResult> => {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let index = 0; index < perWorker && performance.now() - started < durationMs; index++) {
        const sent = performance.now();
        const response = await request(worker, index);
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (!ok.includes(response.status)) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    statuses,
  };
};

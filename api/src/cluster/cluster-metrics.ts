import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { z } from 'zod';

/** Worker → primary: this worker answers collections from now on. */
const READY = 'etf:metrics-ready';
/** Worker → primary: the figures of every worker, please; primary → worker: here they are. */
const REQUEST = 'etf:metrics-request';
const RESPONSE = 'etf:metrics-response';
/** Primary → worker: your own figures; worker → primary: here they are. */
const COLLECT = 'etf:metrics-collect';
const COLLECTED = 'etf:metrics-collected';

/** A worker too busy to answer within this is left out of one scrape rather than failing it. */
const COLLECT_TIMEOUT_MS = 3000;

const message = z.discriminatedUnion('type', [
  z.object({ type: z.literal(READY) }),
  z.object({ type: z.literal(REQUEST), id: z.number() }),
  z.object({ type: z.literal(RESPONSE), id: z.number(), text: z.string() }),
  z.object({ type: z.literal(COLLECT), id: z.number() }),
  // The metric objects prom-client itself produced in the worker (getMetricsAsJSON), handed back to it as they are.
  z.object({
    type: z.literal(COLLECTED),
    id: z.number(),
    metrics: z.array(z.record(z.string(), z.unknown())),
  }),
]);
type Message = z.infer<typeof message>;
/** What a worker sends: its registry's own metric objects, which the schema above reads back as plain records. */
type Outgoing = Message | { type: typeof COLLECTED; id: number; metrics: object[] };

const parse = (raw: unknown): Message | undefined => message.safeParse(raw).data;

/**
 * IPC sends whose failure is no news: the other end has died (a killed primary takes its workers down with it;
 * a dead worker is replaced). Without a callback a failed send is an uncaught 'error' event.
 */
const ignoreFailure = () => {};
const toPrimary = (sent: Outgoing) => process.send?.(sent, undefined, {}, ignoreFailure);
const toWorker = (worker: Worker, sent: Message) => {
  if (worker.isConnected()) worker.send(sent, undefined, ignoreFailure);
};

/**
 * Primary: a worker serving GET /metrics gets the figures of every worker that is up, summed by prom-client's
 * aggregator (gauges by their own). A worker still starting, or too busy to answer, is left out of that scrape.
 */
export const answerMetricsRequests = () => {
  const ready = new Set<Worker>();
  const pending = new Map<number, (metrics: object[] | undefined) => void>();
  let nextId = 0;

  const collectFrom = (worker: Worker) =>
    new Promise<object[] | undefined>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => finish(undefined), COLLECT_TIMEOUT_MS);
      const gone = () => finish(undefined);
      const finish = (metrics: object[] | undefined) => {
        clearTimeout(timer);
        worker.off('exit', gone);
        pending.delete(id);
        resolve(metrics);
      };
      pending.set(id, finish);
      worker.once('exit', gone);
      toWorker(worker, { type: COLLECT, id });
    });

  cluster.on('exit', (worker) => ready.delete(worker));
  cluster.on('message', (worker, raw: unknown) => {
    const received = parse(raw);
    if (received?.type === READY) ready.add(worker);
    if (received?.type === COLLECTED) pending.get(received.id)?.(received.metrics);
    if (received?.type !== REQUEST) return;
    Promise.all([...ready].map(collectFrom))
      .then((all) => AggregatorRegistry.aggregate(all.filter((metrics) => metrics !== undefined)).metrics())
      .then(
        (text) => toWorker(worker, { type: RESPONSE, id: received.id, text }),
        // Never leave the asking worker waiting: an empty answer is a visible gap, not a hung scrape.
        () => toWorker(worker, { type: RESPONSE, id: received.id, text: '' }),
      );
  });
};

/** Worker: answer the primary's collections with this registry, and say so. Call once, at start. */
export const shareWorkerMetrics = (registry: Registry) => {
  if (!cluster.isWorker) return;
  process.on('message', (raw: unknown) => {
    const received = parse(raw);
    if (received?.type !== COLLECT) return;
    registry.getMetricsAsJSON().then(
      (metrics) => toPrimary({ type: COLLECTED, id: received.id, metrics }),
      () => toPrimary({ type: COLLECTED, id: received.id, metrics: [] }),
    );
  });
  toPrimary({ type: READY });
};

let nextRequest = 0;

/**
 * The text GET /metrics serves: this process's registry, or in a cluster worker the figures of all workers, since a
 * scrape reaches one worker at random.
 */
export const renderMetrics = (registry: Registry): Promise<string> => {
  if (!cluster.isWorker) return registry.metrics();
  const id = nextRequest++;
  return new Promise((resolve) => {
    const onMessage = (raw: unknown) => {
      const received = parse(raw);
      if (received?.type !== RESPONSE || received.id !== id) return;
      process.off('message', onMessage);
      resolve(received.text);
    };
    process.on('message', onMessage);
    toPrimary({ type: REQUEST, id });
  });
};

import type { EventStore } from '@etf-replicator/core';
import { WrongExpectedVersionError } from '@etf-replicator/core';
import type { Database, ProjectionRunner } from '@etf-replicator/projections';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { measureProjectionLag } from './projection-lag';

/**
 * The figures an operator watches, in one prom-client registry per app (tests build several apps in one process).
 * Created by the composition root and handed to the infrastructure (event-log and pool figures) and the app (HTTP
 * and command figures); GET /metrics renders it.
 */
export type Metrics = {
  readonly registry: Registry;
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly commands: Counter<'command' | 'outcome' | 'reason'>;
  readonly eventAppendDuration: Histogram<'outcome'>;
  /** Registers the gauges read at scrape time: projection lag and pool usage. Call once the infrastructure is open. */
  readonly observeInfrastructure: (sources: {
    db: Pick<Database, 'pool'>;
    eventStore: EventStore;
    projections: Pick<ProjectionRunner, 'status'>;
  }) => void;
};

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const createMetrics = ({ processMetrics = true }: { processMetrics?: boolean } = {}): Metrics => {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route template (unmatched URLs share route="unmatched").',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const commands = new Counter({
    name: 'etf_commands_total',
    help: 'State-changing API requests by command (method and route) and outcome: ok, rejected (reason = error code or status), conflict, error.',
    labelNames: ['command', 'outcome', 'reason'] as const,
    registers: [registry],
  });
  const eventAppendDuration = new Histogram({
    name: 'etf_event_append_duration_seconds',
    help: 'Latency of appending to the event log, by outcome (ok, conflict, error).',
    labelNames: ['outcome'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });

  let observing = false;
  const observeInfrastructure: Metrics['observeInfrastructure'] = ({ db, eventStore, projections }) => {
    if (observing) throw new Error('observeInfrastructure was already called for this registry');
    observing = true;
    // The projection gauges share one measurement per scrape: prom-client starts every collect() in the same pass,
    // so each of them picks up the promise before it settles and is cleared.
    let lag: ReturnType<typeof measureProjectionLag> | undefined;
    const measureOnce = () => {
      lag ??= measureProjectionLag({ eventStore, projections }).finally(() => {
        lag = undefined;
      });
      return lag;
    };
    new Gauge({
      name: 'etf_projection_lag_events',
      // Every process measures the same log: across a cluster the worst figure, not the sum.
      aggregator: 'max',
      help: 'Events in the log that the projector has not examined yet (counted up to 1000).',
      labelNames: ['projection'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const p of await measureOnce()) this.set({ projection: p.name }, p.events);
      },
    });
    new Gauge({
      name: 'etf_projection_lag_seconds',
      aggregator: 'max',
      help: 'Age of the oldest event the projector has not examined yet (0 when caught up).',
      labelNames: ['projection'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const p of await measureOnce()) this.set({ projection: p.name }, p.seconds);
      },
    });
    new Gauge({
      name: 'etf_projection_failing',
      aggregator: 'max',
      help: '1 while the projector is retrying a failed batch.',
      labelNames: ['projection'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const p of await measureOnce()) this.set({ projection: p.name }, p.failing ? 1 : 0);
      },
    });
    new Gauge({
      name: 'etf_db_pool_connections',
      help: 'Database pool connections by state (acquired, idle, pending).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const state = db.pool.state();
        this.set({ state: 'acquired' }, state.acquiredConnections);
        this.set({ state: 'idle' }, state.idleConnections);
        this.set({ state: 'pending' }, state.pendingConnections);
      },
    });
    new Gauge({
      name: 'etf_db_pool_waiting_clients',
      help: 'Queries waiting for a free pool connection.',
      registers: [registry],
      collect() {
        this.set(db.pool.state().waitingClients);
      },
    });
  };

  return { registry, httpRequestDuration, commands, eventAppendDuration, observeInfrastructure };
};

/**
 * The event store with its appends timed. A thin wrapper in the infrastructure wiring, so the adapters and the
 * command handlers stay as they are.
 */
export const timeAppends = (
  eventStore: EventStore,
  metrics: Pick<Metrics, 'eventAppendDuration'>,
): EventStore => {
  const timed = async <T>(append: () => Promise<T>): Promise<T> => {
    const stop = metrics.eventAppendDuration.startTimer();
    try {
      const result = await append();
      stop({ outcome: 'ok' });
      return result;
    } catch (error) {
      stop({ outcome: error instanceof WrongExpectedVersionError ? 'conflict' : 'error' });
      throw error;
    }
  };
  const appendToStream: EventStore['appendToStream'] = (streamId, events, options) =>
    timed(() => eventStore.appendToStream(streamId, events, options));
  const multi = eventStore.appendToStreams?.bind(eventStore);
  const appendToStreams: EventStore['appendToStreams'] = multi && ((appends) => timed(() => multi(appends)));
  return new Proxy(eventStore, {
    get(target, property, receiver) {
      if (property === 'appendToStream') return appendToStream;
      if (property === 'appendToStreams') return appendToStreams;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};

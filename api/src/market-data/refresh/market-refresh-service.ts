import type { EventStore } from '@etf-replicator/core';
import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import type { Database } from '@etf-replicator/projections';
import type { MarketDataProvider } from '../provider';
import type { PublishResult } from '../publish-snapshot';
import { type DailySchedule, nextRunAfter } from './daily-schedule';
import { claimRefreshRun, finishRefreshRun, keepLeaseAlive } from './refresh-runs';
import { runRefresh } from './run-refresh';

type Logger = {
  info: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

export type StartRefreshResult =
  | { readonly kind: 'started'; readonly runId: string; readonly done: Promise<void> }
  | { readonly kind: 'busy' }
  | { readonly kind: 'no-provider' };

export type MarketRefreshService = {
  readonly provider: 'fmp' | 'none';
  /** The next scheduled run, when a provider and a schedule are configured and the scheduler runs. */
  nextScheduledAt(): Date | undefined;
  /** Claims a run now (admin) and runs it in the background. */
  start(options: { trigger: 'admin'; startedBy?: string }): Promise<StartRefreshResult>;
  /**
   * The scheduled run due at `fireAt`: every instance calls it for the same instant, the first claim runs it, the
   * others get undefined back.
   */
  runScheduled(fireAt: Date): Promise<string | undefined>;
  /** Arms the timer for the next scheduled run (no-op without provider or schedule). */
  startScheduler(): void;
  /** Disarms the timer and waits for a run this instance is doing. */
  stop(): Promise<void>;
};

export const createMarketRefreshService = ({
  db,
  eventStore,
  provider,
  schedule,
  symbols = RECOMMENDED_ETF_SYMBOLS,
  afterPublish,
  log,
  now = () => new Date(),
}: {
  db: Database;
  eventStore: EventStore;
  /** Built on first use (it reads the bundled alias and sector tables); undefined when no FMP key is set. */
  provider: (() => MarketDataProvider) | undefined;
  schedule: DailySchedule | undefined;
  symbols?: readonly string[];
  /** The drift check after new snapshots; its failure is logged, the run still counts. */
  afterPublish: (published: readonly PublishResult[]) => Promise<void>;
  log: Logger;
  now?: () => Date;
}): MarketRefreshService => {
  let built: MarketDataProvider | undefined;
  let timer: NodeJS.Timeout | undefined;
  let next: Date | undefined;
  const inFlight = new Set<Promise<void>>();

  const execute = async (runId: string, trigger: string) => {
    const started = performance.now();
    const stopHeartbeat = keepLeaseAlive(db.pool, runId, (error) =>
      log.error({ err: error, runId }, 'market refresh: renewing the lease failed'),
    );
    let outcomes: Awaited<ReturnType<typeof runRefresh>>['outcomes'] = [];
    try {
      built ??= provider?.();
      if (!built) throw new Error('No market-data provider is configured');
      const result = await runRefresh({ db, eventStore, provider: built, symbols, runId });
      outcomes = result.outcomes;
      if (result.published.some((row) => row.outcome === 'appended')) {
        await afterPublish(result.published).catch((error: unknown) =>
          log.error({ err: error, runId }, 'market refresh: the drift check after the new snapshots failed'),
        );
      }
    } catch (error) {
      log.error({ err: error, runId }, 'market refresh failed');
      if (outcomes.length === 0) {
        outcomes = symbols.map((symbol) => ({ symbol, outcome: 'failed', reason: (error as Error).message }));
      }
    } finally {
      stopHeartbeat();
      await finishRefreshRun(db.pool, runId, outcomes);
      const count = (kind: string) => outcomes.filter((row) => row.outcome === kind).length;
      log.info(
        {
          runId,
          trigger,
          published: count('published'),
          unchanged: count('unchanged'),
          failed: count('failed'),
          ms: Math.round(performance.now() - started),
        },
        'market refresh finished',
      );
    }
  };

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  };

  const arm = () => {
    if (!schedule || !provider) return;
    next = nextRunAfter(schedule, now());
    const fireAt = next;
    timer = setTimeout(
      () => {
        service
          .runScheduled(fireAt)
          .catch((error: unknown) => log.error({ err: error }, 'scheduled market refresh failed'))
          .finally(() => {
            if (timer) arm();
          });
      },
      Math.max(0, fireAt.getTime() - now().getTime()),
    );
    timer.unref();
  };

  const service: MarketRefreshService = {
    provider: provider ? 'fmp' : 'none',
    nextScheduledAt: () => next,
    async start({ trigger, startedBy }) {
      if (!provider) return { kind: 'no-provider' };
      const runId = await claimRefreshRun(db.pool, { trigger, ...(startedBy ? { startedBy } : {}) });
      if (!runId) return { kind: 'busy' };
      return { kind: 'started', runId, done: track(execute(runId, trigger)) };
    },
    async runScheduled(fireAt) {
      if (!provider) return undefined;
      const runId = await claimRefreshRun(db.pool, {
        trigger: 'schedule',
        slot: `schedule:${fireAt.toISOString()}`,
      });
      if (!runId) {
        log.info({ fireAt }, 'scheduled market refresh: another instance runs it (or a refresh is running)');
        return undefined;
      }
      await track(execute(runId, 'schedule'));
      return runId;
    },
    startScheduler() {
      if (timer) return;
      arm();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      next = undefined;
      await Promise.all([...inFlight]);
    },
  };
  return service;
};

import type { EventStore } from '@etf-replicator/core';
import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import type { Database } from '@etf-replicator/projections';
import type { MarketDataProvider } from '../provider';
import type { PublishResult } from '../publish-snapshot';
import { type DailySchedule, latestRunAtOrBefore, nextRunAfter } from './daily-schedule';
import { claimRefreshRun, finishRefreshRun, keepLeaseAlive, slotClaimed } from './refresh-runs';
import { runRefresh } from './run-refresh';

/** How far back a missed scheduled run is still caught up (a long weekend with a holiday). */
const CATCH_UP_DAYS = 4;
/** How often a scheduled run kept out by another refresh tries again. */
const RETRY_BUSY_MS = 60_000;

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
  /**
   * The latest scheduled run of the last CATCH_UP_DAYS that no instance claimed (every instance was down), run once
   * now; undefined when there is none (or another instance claims it first).
   */
  catchUpMissed(): Promise<string | undefined>;
  /** Arms the timer for the next scheduled run (no-op without provider or schedule), and catches up when asked to. */
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
  catchUp = false,
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
  /** Run a missed scheduled run at start, and retry a scheduled run another refresh kept out (MARKET_REFRESH_CATCH_UP). */
  catchUp?: boolean;
}): MarketRefreshService => {
  let built: MarketDataProvider | undefined;
  let timer: NodeJS.Timeout | undefined;
  let next: Date | undefined;
  const inFlight = new Set<Promise<void>>();
  let retryTimer: NodeJS.Timeout | undefined;
  const slotOf = (fireAt: Date) => `schedule:${fireAt.toISOString()}`;

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
      if (!(await finishRefreshRun(db.pool, runId, outcomes)))
        log.error(
          { runId },
          'market refresh: the run lost its lease to another run; its result is not recorded',
        );
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
        slot: slotOf(fireAt),
      });
      if (!runId) {
        log.info({ fireAt }, 'scheduled market refresh: another instance runs it (or a refresh is running)');
        // Kept out by another refresh holding the lease (no run has this slot): try again until it runs.
        if (catchUp && !(await slotClaimed(db.pool, slotOf(fireAt)))) {
          clearTimeout(retryTimer);
          retryTimer = setTimeout(() => {
            service
              .runScheduled(fireAt)
              .catch((error: unknown) => log.error({ err: error }, 'market refresh retry failed'));
          }, RETRY_BUSY_MS);
          retryTimer.unref();
        }
        return undefined;
      }
      await track(execute(runId, 'schedule'));
      return runId;
    },
    async catchUpMissed() {
      if (!schedule || !provider) return undefined;
      const missed = latestRunAtOrBefore(schedule, now(), CATCH_UP_DAYS);
      if (!missed || (await slotClaimed(db.pool, slotOf(missed)))) return undefined;
      log.info(
        { fireAt: missed },
        'market refresh: running the scheduled run missed while no instance was up',
      );
      return service.runScheduled(missed);
    },
    startScheduler() {
      if (timer) return;
      arm();
      if (catchUp)
        void service
          .catchUpMissed()
          .catch((error: unknown) => log.error({ err: error }, 'market refresh catch-up failed'));
    },
    async stop() {
      if (timer) clearTimeout(timer);
      clearTimeout(retryTimer);
      timer = undefined;
      next = undefined;
      await Promise.all([...inFlight]);
    },
  };
  return service;
};

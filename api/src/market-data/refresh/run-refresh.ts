import type { EventStore } from '@etf-replicator/core';
import type { MarketRefreshOutcome } from '@etf-replicator/core/contracts/admin';
import type { Database } from '@etf-replicator/projections';
import type { MarketDataProvider } from '../provider';
import { type PublishResult, publishSnapshot } from '../publish-snapshot';
import { failureReason, recordRefreshProgress } from './refresh-runs';

/**
 * One claimed refresh run: per ETF, fetch (the FMP client backs off on 429/5xx, honouring Retry-After, within a
 * bounded number of attempts) and publish EtfSnapshotPublished when the content changed. Unlike the all-or-nothing
 * `market:refresh` CLI, an ETF that fails is recorded with its reason and keeps its previous snapshot while the
 * others go ahead: a daily job should not lose ten fresh snapshots to one bad answer.
 */
export const runRefresh = async ({
  db,
  eventStore,
  provider,
  symbols,
  runId,
}: {
  db: Database;
  eventStore: EventStore;
  provider: MarketDataProvider;
  symbols: readonly string[];
  runId: string;
}): Promise<{ outcomes: MarketRefreshOutcome[]; published: PublishResult[]; fenced: boolean }> => {
  const outcomes: MarketRefreshOutcome[] = [];
  const published: PublishResult[] = [];
  for (const symbol of symbols) {
    try {
      const content = await provider.fetchSnapshot(symbol);
      const result = await publishSnapshot(eventStore, content, {
        replaceOtherSources: true,
        correlationId: runId,
      });
      published.push(result);
      outcomes.push({ symbol, outcome: result.outcome === 'appended' ? 'published' : 'unchanged' });
    } catch (error) {
      outcomes.push({
        symbol,
        outcome: 'failed',
        reason: failureReason(error),
      });
    }
    if (!(await recordRefreshProgress(db.pool, runId, outcomes))) {
      // Fenced off: another run took over after this one was paused past its lease. Publish nothing more.
      return { outcomes, published, fenced: true };
    }
  }
  return { outcomes, published, fenced: false };
};

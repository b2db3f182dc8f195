import type { EventStore } from '@etf-replicator/core';
import type { MarketRefreshOutcome } from '@etf-replicator/core/contracts/admin';
import type { EtfSnapshotContent } from '@etf-replicator/core/market-data/snapshot-event';
import type { Database } from '@etf-replicator/projections';
import type { MarketDataProvider } from '../provider';
import { type PublishResult, publishSnapshot } from '../publish-snapshot';
import { claimRefreshRun, failureReason, finishRefreshRun, keepLeaseAlive } from './refresh-runs';

export type CommandLineRefresh =
  | { readonly kind: 'busy' }
  | { readonly kind: 'refreshed'; readonly runId: string; readonly results: readonly PublishResult[] }
  | { readonly kind: 'failed'; readonly runId: string; readonly symbol: string; readonly error: Error };

/**
 * `npm run market:refresh`: an operator's run, all or nothing. Every snapshot is fetched and validated before the
 * first append, so a failing call (bad key, a rate limit that does not clear, a malformed body) appends nothing at
 * all; unchanged content appends nothing either. It is a run like the scheduled and the admin ones: it waits its
 * turn (one run at a time, whatever started it) and the admin page lists it with its outcome per ETF.
 */
export const refreshFromCommandLine = async ({
  db,
  eventStore,
  provider,
  symbols,
  onLeaseError = () => undefined,
}: {
  db: Database;
  eventStore: EventStore;
  provider: MarketDataProvider;
  symbols: readonly string[];
  onLeaseError?: (error: unknown) => void;
}): Promise<CommandLineRefresh> => {
  const runId = await claimRefreshRun(db.pool, { trigger: 'cli' });
  if (!runId) return { kind: 'busy' };
  const stopHeartbeat = keepLeaseAlive(db.pool, runId, onLeaseError);
  const outcomes: MarketRefreshOutcome[] = [];
  try {
    const contents: EtfSnapshotContent[] = [];
    for (const symbol of symbols) {
      try {
        contents.push(await provider.fetchSnapshot(symbol));
      } catch (error) {
        const reason = failureReason(error);
        const notPublished = `not published: ${symbol} failed, and a command-line refresh publishes all or nothing`;
        outcomes.push(
          ...symbols.map((other) => ({
            symbol: other,
            outcome: 'failed' as const,
            reason: other === symbol ? reason : notPublished,
          })),
        );
        return { kind: 'failed', runId, symbol, error: error instanceof Error ? error : new Error(reason) };
      }
    }
    const results: PublishResult[] = [];
    for (const content of contents) {
      const result = await publishSnapshot(eventStore, content, {
        replaceOtherSources: true,
        correlationId: runId,
      });
      results.push(result);
      outcomes.push({
        symbol: result.symbol,
        outcome: result.outcome === 'appended' ? 'published' : 'unchanged',
      });
    }
    return { kind: 'refreshed', runId, results };
  } catch (error) {
    // The log refused an append: what was published stays published, the rest is recorded as failed.
    const done = new Set(outcomes.map((row) => row.symbol));
    for (const symbol of symbols)
      if (!done.has(symbol)) outcomes.push({ symbol, outcome: 'failed', reason: failureReason(error) });
    throw error;
  } finally {
    stopHeartbeat();
    await finishRefreshRun(db.pool, runId, outcomes);
  }
};

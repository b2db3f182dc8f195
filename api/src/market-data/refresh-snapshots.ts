import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import type { EtfSnapshotContent } from '@etf-replicator/core/market-data/snapshot-event';
import type { MarketDataProvider } from './provider';
import { type PublishResult, publishSnapshot } from './publish-snapshot';

/**
 * Refreshes ETF snapshots from a provider (`npm run market:refresh` with FMP). Every snapshot is fetched and
 * validated before the first append, so a failing call (bad key, rate limit that does not clear, malformed body)
 * appends nothing at all. Unchanged content appends nothing either.
 */
export const refreshSnapshots = async ({
  provider,
  eventStore,
  symbols,
}: {
  provider: MarketDataProvider;
  eventStore: EventStore;
  symbols: readonly string[];
}): Promise<PublishResult[]> => {
  const contents: EtfSnapshotContent[] = [];
  for (const symbol of symbols) contents.push(await provider.fetchSnapshot(symbol));
  const correlationId = randomUUID();
  const results: PublishResult[] = [];
  for (const content of contents) {
    results.push(await publishSnapshot(eventStore, content, { replaceOtherSources: true, correlationId }));
  }
  return results;
};

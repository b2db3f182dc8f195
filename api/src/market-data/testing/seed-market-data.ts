import type { Position } from '@etf-replicator/core';
import { ETF_MARKET_DATA_PROJECTION } from '@etf-replicator/projections/market-data/index';
import type { TestApp } from '../../testing/test-app';
import { importBundledMarketData, type MarketImportSummary } from '../import-bundled';
import type { PublishResult } from '../publish-snapshot';

/** Imports the real bundled snapshot into a test app and waits until the market-data read models show it. */
export const seedBundledMarketData = async (app: TestApp): Promise<MarketImportSummary> => {
  const summary = await importBundledMarketData({ db: app.testDb, eventStore: app.testEventStore });
  await waitForMarketData(app, summary.snapshots);
  return summary;
};

/**
 * Waits until the market-data projection has applied the given appends (or, without any, the log's head).
 * Waiting for the append positions matters on a shared server: the head is only what lies below the cluster's
 * snapshot xmin, which another session's open transaction can hold behind our own appends.
 */
export const waitForMarketData = async (
  app: TestApp,
  published: readonly Pick<PublishResult, 'position'>[] = [],
): Promise<void> => {
  const positions = published.map((p) => p.position).filter((p): p is Position => p !== undefined);
  const target =
    positions.sort((a, b) => app.testEventStore.comparePositions(a, b)).at(-1) ??
    (await app.testEventStore.headPosition());
  if (!target) return;
  const reached = await app.projections.waitForPosition(target, {
    projections: [ETF_MARKET_DATA_PROJECTION],
    timeoutMs: 60_000,
  });
  if (!reached) throw new Error('The market-data projection did not catch up');
};

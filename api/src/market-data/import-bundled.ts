import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import type { Database } from '@etf-replicator/projections';
import { getLatestSnapshotRevisions } from '@etf-replicator/projections/market-data/index';
import { BUNDLED_DATA_DIR } from './bundled/bundled-files';
import { createBundledProvider } from './bundled/bundled-provider';
import { type PublishResult, publishSnapshot } from './publish-snapshot';
import { importReferenceData, type ReferenceImportResult } from './reference-import';

export type MarketImportSummary = {
  readonly reference: readonly ReferenceImportResult[];
  readonly snapshots: readonly PublishResult[];
  readonly durationMs: number;
};

export type ImportBundledOptions = {
  readonly db: Database;
  readonly eventStore: EventStore;
  readonly dataDir?: string;
  /** Also replace snapshots another provider (FMP) published since; the start-up import never does. */
  readonly replaceOtherSources?: boolean;
};

/**
 * The bundled snapshot into the system: reference tables first, then one EtfSnapshotPublished per ETF in
 * funds.json. Idempotent: unchanged datasets and snapshots write nothing, so it runs on every start.
 */
export const importBundledMarketData = async ({
  db,
  eventStore,
  dataDir = BUNDLED_DATA_DIR,
  replaceOtherSources = false,
}: ImportBundledOptions): Promise<MarketImportSummary> => {
  const started = performance.now();
  const reference = await importReferenceData(db, dataDir);
  const provider = createBundledProvider(dataDir);
  const hints = await getLatestSnapshotRevisions(db.pool);
  const correlationId = randomUUID();
  const snapshots: PublishResult[] = [];
  for (const symbol of provider.listSymbols()) {
    const content = await provider.fetchSnapshot(symbol);
    const revisionHint = hints.get(symbol);
    snapshots.push(
      await publishSnapshot(eventStore, content, {
        replaceOtherSources,
        correlationId,
        ...(revisionHint === undefined ? {} : { revisionHint }),
      }),
    );
  }
  return { reference, snapshots, durationMs: Math.round(performance.now() - started) };
};

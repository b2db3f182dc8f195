import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import type { Database } from '@etf-replicator/projections';
import { getPublishedContentHashes } from '@etf-replicator/projections/market-data/fund-queries';
import { getLatestSnapshotRevisions } from '@etf-replicator/projections/market-data/index';
import { BUNDLED_DATA_DIR, loadBundledFiles } from './bundled/bundled-files';
import { createBundledProvider } from './bundled/bundled-provider';
import {
  closesAsOf,
  collectBundledCloses,
  countDatedPrices,
  type DatedPriceCounts,
  isoDateSchema,
} from './bundled/dated-closes';
import { importBundledCorporateActions } from './corporate-actions/bundled-corporate-actions';
import type { RecordOutcome } from './corporate-actions/record-corporate-action';
import { type PublishResult, publishSnapshot } from './publish-snapshot';
import { importReferenceData, type ReferenceImportResult } from './reference-import';

/** A dated import asked for a date the bundle cannot serve (not a date, or before every close it has). */
export class DatedImportError extends Error {
  override name = 'DatedImportError';
}

export type MarketImportSummary = {
  readonly reference: readonly ReferenceImportResult[];
  readonly snapshots: readonly PublishResult[];
  /** The bundled corporate actions (data/corporate-actions.csv), recorded once (issue 32 item 2). */
  readonly corporateActions: readonly RecordOutcome[];
  readonly durationMs: number;
  /** Only for a dated import: the date and, per ETF, how its holdings got their closes. */
  readonly dated?: { readonly asOf: string; readonly counts: readonly DatedPriceCounts[] };
};

export type ImportBundledOptions = {
  readonly db: Database;
  readonly eventStore: EventStore;
  readonly dataDir?: string;
  /** Also replace snapshots another provider (FMP) published since; the start-up import never does. */
  readonly replaceOtherSources?: boolean;
  /**
   * YYYY-MM-DD: publish the snapshot with that date's closes (per symbol the nearest earlier close where the bundle
   * has none of that date). Asked for explicitly, so it replaces other providers' snapshots unless told otherwise.
   */
  readonly asOf?: string;
  /** Start-up: content an ETF's stream already published once is not published again (see PublishOptions). */
  readonly skipPublishedBefore?: boolean;
};

/**
 * The bundled snapshot into the system: reference tables first, then one EtfSnapshotPublished per ETF in
 * funds.json. Idempotent: unchanged datasets and snapshots write nothing, so it runs on every start.
 */
export const importBundledMarketData = async ({
  db,
  eventStore,
  dataDir = BUNDLED_DATA_DIR,
  asOf,
  replaceOtherSources = asOf !== undefined,
  skipPublishedBefore = false,
}: ImportBundledOptions): Promise<MarketImportSummary> => {
  const started = performance.now();
  if (asOf !== undefined) {
    const checked = isoDateSchema.safeParse(asOf);
    if (!checked.success) throw new DatedImportError(`${asOf} is not a date (YYYY-MM-DD)`);
    if (closesAsOf(collectBundledCloses(loadBundledFiles(dataDir)), asOf).size === 0) {
      throw new DatedImportError(`The bundled data has no closes on or before ${asOf}`);
    }
  }
  const reference = await importReferenceData(db, dataDir);
  const corporateActions = await importBundledCorporateActions(eventStore);
  const provider = createBundledProvider(dataDir, asOf === undefined ? {} : { asOf });
  const counts: DatedPriceCounts[] = [];
  const hints = await getLatestSnapshotRevisions(db.pool);
  const correlationId = randomUUID();
  const snapshots: PublishResult[] = [];
  for (const symbol of provider.listSymbols()) {
    const content = await provider.fetchSnapshot(symbol);
    if (asOf !== undefined) counts.push(countDatedPrices(content, asOf));
    const revisionHint = hints.get(symbol);
    snapshots.push(
      await publishSnapshot(eventStore, content, {
        replaceOtherSources,
        correlationId,
        ...(revisionHint === undefined ? {} : { revisionHint }),
        ...(skipPublishedBefore
          ? { publishedBefore: new Set(await getPublishedContentHashes(db.pool, symbol)) }
          : {}),
      }),
    );
  }
  return {
    reference,
    snapshots,
    corporateActions,
    durationMs: Math.round(performance.now() - started),
    ...(asOf === undefined ? {} : { dated: { asOf, counts } }),
  };
};

import type { Infrastructure } from '@etf-replicator/api/infrastructure/infrastructure';
import { importBundledMarketData } from '@etf-replicator/api/market-data/import-bundled';

/**
 * Publishes every bundled ETF priced at the closes of `asOf` (or each symbol's nearest earlier close), and waits
 * until every read model — the trackings' targets included — shows it.
 */
export const publishDatedSnapshot = async (
  infrastructure: Pick<Infrastructure, 'db' | 'eventStore' | 'projections'>,
  asOf: string,
): Promise<void> => {
  const summary = await importBundledMarketData({
    db: infrastructure.db,
    eventStore: infrastructure.eventStore,
    asOf,
  });
  const positions = summary.snapshots.flatMap((result) => (result.position ? [result.position] : []));
  const last = positions.sort((a, b) => infrastructure.eventStore.comparePositions(a, b)).at(-1);
  if (last && !(await infrastructure.projections.waitForPosition(last, { timeoutMs: 120_000 })))
    throw new Error(`The read models did not catch up with the snapshot of ${asOf} within 2 minutes`);
  console.log(`Published the bundled closes of ${asOf} (${positions.length} ETF snapshot(s) appended).`);
};

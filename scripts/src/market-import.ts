/**
 * Imports the bundled ETF snapshot (data/etf) into the configured store and waits until the read models show it.
 *   npm run market:import              (idempotent: unchanged data appends nothing)
 *   npm run market:import -- --force   (also replace snapshots an FMP refresh published since)
 *   npm run market:import -- --as-of 2025-11-18
 *       (the closes of that date where the bundle has them, per symbol else the nearest earlier close; says how many
 *        fell back; replaces other providers' snapshots, as asked for explicitly)
 */
import { loadConfig } from '@etf-replicator/api';
import { openInfrastructure } from '@etf-replicator/api/infrastructure/infrastructure';
import { importBundledMarketData } from '@etf-replicator/api/market-data/import-bundled';
import { formatFundsReport, formatImportSummary } from '@etf-replicator/api/market-data/report';
import { projectors } from '@etf-replicator/api/projectors';
import { checkDriftOutsideServer } from '@etf-replicator/api/trackings/drift-check-outside-server';
import { ETF_MARKET_DATA_PROJECTION, listEtfFunds } from '@etf-replicator/projections/market-data/index';
import { parseMarketImportArgs } from './market-import-args';

const args = parseMarketImportArgs(process.argv.slice(2));
const config = loadConfig();
const infrastructure = await openInfrastructure(config, { projectors });
try {
  const summary = await importBundledMarketData({
    db: infrastructure.db,
    eventStore: infrastructure.eventStore,
    ...(args.asOf === undefined ? { replaceOtherSources: args.force } : { asOf: args.asOf }),
  });
  console.log(formatImportSummary(summary));
  const projectedStart = performance.now();
  await infrastructure.projections.start();
  const positions = summary.snapshots.flatMap((result) => (result.position ? [result.position] : []));
  // The appends' own positions: on a shared server the head can lag behind them (snapshot xmin).
  const last =
    positions.sort((a, b) => infrastructure.eventStore.comparePositions(a, b)).at(-1) ??
    (await infrastructure.eventStore.headPosition());
  if (last) {
    const caughtUp = await infrastructure.projections.waitForPosition(last, {
      timeoutMs: 120_000,
      // A dated snapshot moves trackings: wait for every read model, not only the market data.
      ...(args.asOf === undefined ? { projections: [ETF_MARKET_DATA_PROJECTION] } : {}),
    });
    if (!caughtUp) throw new Error('The market-data projection did not catch up within 2 minutes');
  }
  console.log(`projected in ${Math.round(performance.now() - projectedStart)} ms\n`);
  console.log(formatFundsReport(await listEtfFunds(infrastructure.db.pool)));
  const alerts = await checkDriftOutsideServer(config, infrastructure, summary.snapshots);
  console.log(`\ndrift check: ${alerts} alert${alerts === 1 ? '' : 's'} raised`);
} finally {
  await infrastructure.close();
}

/**
 * Refreshes ETF snapshots from Financial Modeling Prep (FMP_API_KEY) and waits until the read models show them.
 *   npm run market:refresh                 (every ETF the read models know, else spec 2 §9's list)
 *   npm run market:refresh -- VOO QQQ      (only these)
 * Every snapshot is fetched before the first append: any failure appends nothing. The run is recorded like the
 * scheduled ones (the admin page lists it) and waits its turn: while another refresh runs, it refuses.
 */

import { loadConfig } from '@etf-replicator/api';
import { openInfrastructure } from '@etf-replicator/api/infrastructure/infrastructure';
import { loadBundledFiles } from '@etf-replicator/api/market-data/bundled/bundled-files';
import { createFmpClient } from '@etf-replicator/api/market-data/fmp/fmp-client';
import { createFmpProvider } from '@etf-replicator/api/market-data/fmp/fmp-provider';
import type { PublishResult } from '@etf-replicator/api/market-data/publish-snapshot';
import { refreshFromCommandLine } from '@etf-replicator/api/market-data/refresh/command-line-refresh';
import { formatFundsReport } from '@etf-replicator/api/market-data/report';
import { projectors } from '@etf-replicator/api/projectors';
import { checkDriftOutsideServer } from '@etf-replicator/api/trackings/drift-check-outside-server';
import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import { ETF_MARKET_DATA_PROJECTION, listEtfFunds } from '@etf-replicator/projections/market-data/index';

const config = loadConfig();
if (!config.FMP_API_KEY) {
  console.error('FMP_API_KEY is not set: market:refresh needs a Financial Modeling Prep key.');
  process.exit(1);
}
const bundled = loadBundledFiles();
const provider = createFmpProvider({
  client: createFmpClient({
    apiKey: config.FMP_API_KEY,
    ...(config.FMP_BASE_URL ? { baseUrl: config.FMP_BASE_URL } : {}),
  }),
  aliases: bundled.aliases,
  sectors: bundled.sectors,
  ...(config.FMP_BASE_URL ? { baseUrl: config.FMP_BASE_URL } : {}),
});

const infrastructure = await openInfrastructure(config, { projectors });

/** Prints what was appended, waits for the funds' read model, shows it, and runs the drift check. */
const report = async (results: readonly PublishResult[]) => {
  for (const result of results)
    console.log(`${result.symbol.padEnd(6)} ${result.outcome} (revision ${result.streamRevision})`);
  await infrastructure.projections.start();
  const positions = results.flatMap((result) => (result.position ? [result.position] : []));
  const last = positions.sort((a, b) => infrastructure.eventStore.comparePositions(a, b)).at(-1);
  if (last) {
    const caughtUp = await infrastructure.projections.waitForPosition(last, {
      timeoutMs: 120_000,
      projections: [ETF_MARKET_DATA_PROJECTION],
    });
    if (!caughtUp) throw new Error('The market-data projection did not catch up within 2 minutes');
  }
  console.log(`\n${formatFundsReport(await listEtfFunds(infrastructure.db.pool))}`);
  const alerts = await checkDriftOutsideServer(config, infrastructure, results);
  console.log(`\ndrift check: ${alerts} alert${alerts === 1 ? '' : 's'} raised`);
};
try {
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const known = (await listEtfFunds(infrastructure.db.pool)).map((fund) => fund.symbol);
  const symbols =
    asked.length > 0
      ? asked.map((s) => s.toUpperCase())
      : known.length > 0
        ? known
        : [...RECOMMENDED_ETF_SYMBOLS];
  const refresh = await refreshFromCommandLine({
    db: infrastructure.db,
    eventStore: infrastructure.eventStore,
    provider,
    symbols,
    onLeaseError: (error) => console.error('market:refresh: renewing the run lease failed', error),
  });
  if (refresh.kind === 'refreshed') await report(refresh.results);
  else {
    console.error(
      refresh.kind === 'busy'
        ? 'market:refresh: another market-data refresh is running; nothing was appended. Try again when it is done.'
        : `market:refresh failed on ${refresh.symbol}, nothing was appended: ${refresh.error.message}`,
    );
    process.exitCode = 1;
  }
} finally {
  await infrastructure.close();
}

import type { FastifyBaseLogger } from 'fastify';
import type { Infrastructure } from '../infrastructure/infrastructure';
import { importBundledMarketData } from './import-bundled';
import type { PublishResult } from './publish-snapshot';

/**
 * Start-up step of the composition root: imports the bundled ETF snapshot on the first start and whenever the
 * bundled files change, never over a newer FMP refresh. A failure is logged and the server still starts (the
 * market-data endpoints then answer 404 until `npm run market:import` succeeds). Returns what it published, for the
 * drift check once the app is ready.
 */
export const importMarketDataAtStart = async (
  infrastructure: Pick<Infrastructure, 'db' | 'eventStore'>,
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<readonly PublishResult[]> => {
  try {
    const summary = await importBundledMarketData({
      db: infrastructure.db,
      eventStore: infrastructure.eventStore,
      skipPublishedBefore: true,
    });
    const appended = summary.snapshots.filter((s) => s.outcome === 'appended').map((s) => s.symbol);
    const loaded = summary.reference.filter((r) => r.outcome === 'loaded').map((r) => r.dataset);
    logger.info(
      { appended, referenceLoaded: loaded, durationMs: summary.durationMs },
      appended.length + loaded.length > 0
        ? `Imported the bundled market data in ${summary.durationMs} ms`
        : 'Bundled market data already imported',
    );
    return summary.snapshots;
  } catch (error) {
    logger.error({ err: error }, 'Importing the bundled market data failed; run `npm run market:import`');
    return [];
  }
};

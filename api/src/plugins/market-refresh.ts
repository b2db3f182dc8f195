import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadBundledFiles } from '../market-data/bundled/bundled-files';
import { createFmpClient } from '../market-data/fmp/fmp-client';
import { createFmpProvider } from '../market-data/fmp/fmp-provider';
import { parseDailySchedule } from '../market-data/refresh/daily-schedule';
import {
  createMarketRefreshService,
  type MarketRefreshService,
} from '../market-data/refresh/market-refresh-service';
import { checkDriftAfterSnapshots } from '../trackings/drift-after-snapshots';
import { followFmpSplits } from '../trackings/follow-fmp-splits';

declare module 'fastify' {
  interface FastifyInstance {
    marketRefresh: MarketRefreshService;
  }
}

/**
 * The scheduled market-data refresh (issue 20): with FMP_API_KEY, every recommended ETF is refreshed at
 * MARKET_REFRESH_CRON in MARKET_REFRESH_TIME_ZONE (one instance per run, see refresh-runs.ts), and admins can start
 * one (POST /api/admin/market/refresh). New snapshots go through the drift check, as the admin import does.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const apiKey = config.FMP_API_KEY;
    const client = apiKey
      ? createFmpClient({ apiKey, ...(config.FMP_BASE_URL ? { baseUrl: config.FMP_BASE_URL } : {}) })
      : undefined;
    const provider = client
      ? () => {
          const bundled = loadBundledFiles();
          return createFmpProvider({
            client,
            aliases: bundled.aliases,
            sectors: bundled.sectors,
            ...(config.FMP_BASE_URL ? { baseUrl: config.FMP_BASE_URL } : {}),
          });
        }
      : undefined;
    const schedule =
      config.MARKET_REFRESH_CRON === 'off'
        ? undefined
        : parseDailySchedule(config.MARKET_REFRESH_CRON, config.MARKET_REFRESH_TIME_ZONE);
    const service = createMarketRefreshService({
      db: app.db,
      eventStore: app.eventStore,
      provider,
      schedule,
      afterPublish: async (published) => {
        // FMP's splits of held stocks first (issue 32 item 2): the drift check then measures split-adjusted lots.
        if (client)
          await followFmpSplits(app, client, loadBundledFiles().aliases).catch((error: unknown) =>
            app.log.error({ err: error }, "following FMP's split data failed"),
          );
        await checkDriftAfterSnapshots(app, published);
      },
      log: app.log,
      catchUp: config.MARKET_REFRESH_CATCH_UP === 'on',
    });
    app.decorate('marketRefresh', service);
    app.addHook('onReady', () => {
      service.startScheduler();
      const next = service.nextScheduledAt();
      if (next) app.log.info({ next }, 'market refresh scheduled');
    });
    app.addHook('onClose', () => service.stop());
  },
  { name: 'market-refresh', dependencies: ['infrastructure', 'accounts'] },
);

import { randomBytes } from 'node:crypto';
import {
  buildApp,
  loadConfig,
  openInfrastructure,
  projectors,
  waitForProjectionsToCatchUp,
} from '@etf-replicator/api';
import { importMarketDataAtStart } from '@etf-replicator/api/market-data/import-at-start';
import pino from 'pino';

/**
 * The real app, in this process, over the configured stores (migrated, market data imported, projections running),
 * for tools that should go through exactly the same command paths as users do (app.inject).
 */
export const openInProcessApp = async () => {
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const infrastructure = await openInfrastructure(config, { projectors, logger });
  await importMarketDataAtStart(infrastructure, logger);
  const app = await buildApp({ config, infrastructure, jwtSecret: randomBytes(32).toString('hex') });
  await app.ready();
  await waitForProjectionsToCatchUp(infrastructure);
  return {
    app,
    infrastructure,
    close: async () => {
      await app.close();
      await infrastructure.close();
    },
  };
};

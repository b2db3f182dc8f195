import { buildApp } from '../app';
import { resolveJwtSecret } from '../auth/jwt-secret';
import type { AppConfig } from '../config';
import type { Infrastructure } from '../infrastructure/infrastructure';
import type { PublishResult } from '../market-data/publish-snapshot';
import { checkDriftAfterSnapshots } from './drift-after-snapshots';

/**
 * The drift check for the CLIs (`market:import`, `market:refresh`): the alert e-mail needs what the server has (the
 * mailer, signed unsubscribe links with the server's secret, link building), so the app is assembled over the
 * CLI's infrastructure without listening, used once, and closed. Returns the number of alerts raised.
 */
export const checkDriftOutsideServer = async (
  config: AppConfig,
  infrastructure: Infrastructure,
  results: readonly PublishResult[],
): Promise<number> => {
  if (!results.some((result) => result.outcome === 'appended')) return 0;
  const app = await buildApp({
    // No schedule here: a CLI run must not start the server's timer.
    config: { ...config, MARKET_REFRESH_CRON: 'off' },
    infrastructure,
    jwtSecret: await resolveJwtSecret(config),
  });
  await app.ready();
  try {
    return await checkDriftAfterSnapshots(app, results);
  } finally {
    await app.close();
  }
};

import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import closeWithGrace from 'close-with-grace';
import { seedAccounts } from './accounts/seed-accounts';
import { buildApp } from './app';
import { resolveJwtSecret } from './auth/jwt-secret';
import { shareWorkerMetrics } from './cluster/cluster-metrics';
import { runPrimary } from './cluster/cluster-primary';
import { workerSiblingChannel } from './cluster/sibling-channel';
import { planWorkers } from './cluster/worker-count';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { openInfrastructure, waitForProjectionsToCatchUp } from './infrastructure/infrastructure';
import { createLogger } from './logger';
import { importMarketDataAtStart } from './market-data/import-at-start';
import { createMetrics } from './metrics/metrics';
import { projectors } from './projectors';
import { applyCorporateActionsRecordedSince } from './trackings/apply-corporate-action';
import { checkDriftAfterSnapshots } from './trackings/drift-after-snapshots';
import { sendMissedDriftAlertMails } from './trackings/drift-mail-recovery';

/** Composition root: validate config, open connections, build the app, listen, close gracefully on signals. */
const serve = async (config: AppConfig, note: string | undefined) => {
  const logger = createLogger(config);
  if (note) logger.warn(note);
  const metrics = createMetrics();
  shareWorkerMetrics(metrics.registry);
  const infrastructure = await openInfrastructure(config, { projectors, logger, metrics });
  const startedAt = new Date();
  const imported = await importMarketDataAtStart(infrastructure, logger);
  const app = await buildApp({
    config,
    infrastructure,
    logger,
    metrics,
    jwtSecret: await resolveJwtSecret(config),
    siblings: workerSiblingChannel(),
  });
  await seedAccounts({
    config,
    eventStore: infrastructure.eventStore,
    pool: infrastructure.db.pool,
    print: console.log,
  });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    app.log.info('HTTP server closed; closing the projections and connections');
    await infrastructure.close();
    app.log.info('stopped');
  });

  await app.ready();
  if (!(await waitForProjectionsToCatchUp(infrastructure))) {
    app.log.warn('Projections are still catching up; some pages may show older data for a moment');
  }
  // Changed bundled files published new snapshots: they are measured for drift like any other (issue 20).
  const driftAlerts = await checkDriftAfterSnapshots(app, imported).catch((error: unknown) => {
    app.log.error({ err: error }, 'the drift check after the start-up import failed');
    return 0;
  });
  if (driftAlerts > 0) app.log.info({ driftAlerts }, 'drift alerts raised after the start-up import');
  // Bundled corporate actions this start recorded (issue 32 item 2): into every tracking holding the stock.
  const followed = await applyCorporateActionsRecordedSince(app, startedAt).catch((error: unknown) => {
    app.log.error({ err: error }, 'applying the bundled corporate actions to the trackings failed');
    return 0;
  });
  if (followed > 0) app.log.info({ trackings: followed }, 'trackings followed the bundled corporate actions');
  // Alert e-mails a crash cut off between the alert and its e-mail (the notification row says one is owed).
  const recovered = await sendMissedDriftAlertMails(app).catch((error: unknown) => {
    app.log.error({ err: error }, 'sending the missed drift alert e-mails failed');
    return 0;
  });
  if (recovered > 0) app.log.info({ recovered }, 'sent drift alert e-mails a crash had cut off');
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    { eventStore: infrastructure.eventStore.kind, readModels: infrastructure.db.kind },
    `ETF Replicator is running at ${config.publicAppUrl}`,
  );
};

/** One process, or with WEB_CONCURRENCY > 1 (and a PostgreSQL server) a primary and its workers on one port. */
const main = async () => {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, undefined);
  const plan = planWorkers(config, availableParallelism());
  if (plan.workers === 1) return serve(config, plan.note);
  // Without JWT_SECRET each process would sign with its own secret and refuse the others' tokens.
  const jwtSecret = await resolveJwtSecret(config);
  await runPrimary({ workers: plan.workers, logger: createLogger(config), env: { JWT_SECRET: jwtSecret } });
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('ETF Replicator failed to start:', error);
  }
  process.exit(1);
});

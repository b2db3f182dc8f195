import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import accounts from './accounts/accounts-plugin';
import { createSessionCheck } from './auth/session-check';
import type { SiblingChannel } from './cluster/sibling-channel';
import type { AppConfig } from './config';
import adminFeature from './features/admin';
import adminUsersFeature from './features/admin-users';
import authFeature from './features/auth';
import billingFeature from './features/billing';
import detailsFeature from './features/details';
import devMailboxFeature from './features/dev-mailbox';
import etfFeature from './features/etf';
import feedbackFeature from './features/feedback';
import healthRoutes from './features/health';
import historyFeature from './features/history';
import manageConnectionFeature from './features/manage-connection';
import notificationsFeature from './features/notifications';
import portfolioFeature from './features/portfolio';
import replicationFeature from './features/replication';
import stockFeature from './features/stock';
import taxFeature from './features/tax';
import trackingsFeature from './features/trackings';
import usersFeature from './features/users';
import type { Infrastructure } from './infrastructure/infrastructure';
import { createMetrics, type Metrics } from './metrics/metrics';
import auth from './plugins/auth';
import errorHandler from './plugins/error-handler';
import idempotency from './plugins/idempotency';
import infrastructurePlugin from './plugins/infrastructure';
import inputGuard from './plugins/input-guard';
import marketRefresh from './plugins/market-refresh';
import metricsPlugin from './plugins/metrics';
import openapi from './plugins/openapi';
import securityHeaders from './plugins/security-headers';
import siblingChanges from './plugins/sibling-changes';
import tableUpkeep from './plugins/table-upkeep';
import webApp from './plugins/web-app';

export type BuildAppOptions = {
  readonly config: AppConfig;
  readonly infrastructure: Infrastructure;
  readonly jwtSecret: string;
  /** A pino logger; tests leave it out and run silent. */
  readonly logger?: FastifyBaseLogger;
  /** The composition root's registry (its infrastructure times appends into it); tests may leave it out. */
  readonly metrics?: Metrics;
  /** The cluster's other server processes (WEB_CONCURRENCY > 1); none for a process of its own. */
  readonly siblings?: SiblingChannel;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The application as a plugin tree, without listening: server.ts listens, tests use `inject`.
 * Order follows Fastify's guide: cross-cutting plugins, then infrastructure, then features, then the web app.
 */
export const buildApp = async ({
  config,
  infrastructure,
  jwtSecret,
  logger,
  metrics,
  siblings,
}: BuildAppOptions) => {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Off unless TRUST_PROXY lists the proxies in front: otherwise X-Forwarded-For would pick request.ip.
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(metricsPlugin, {
    metrics: metrics ?? createMetrics({ processMetrics: false }),
    token: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  });
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(securityHeaders, { production: config.NODE_ENV === 'production' });
  await app.register(openapi);
  await app.register(infrastructurePlugin, { config, infrastructure });
  await app.register(auth, { secret: jwtSecret, checkSession: createSessionCheck(infrastructure.db.pool) });
  await app.register(idempotency);
  await app.register(accounts);
  await app.register(marketRefresh);
  await app.register(tableUpkeep);
  await app.register(siblingChanges, { channel: siblings });

  await app.register(healthRoutes);
  await app.register(authFeature);
  await app.register(usersFeature);
  await app.register(manageConnectionFeature);
  await app.register(adminUsersFeature);
  await app.register(devMailboxFeature);
  await app.register(feedbackFeature);
  await app.register(billingFeature);
  await app.register(etfFeature);
  await app.register(stockFeature);
  await app.register(detailsFeature);
  await app.register(trackingsFeature);
  await app.register(replicationFeature);
  await app.register(historyFeature);
  await app.register(taxFeature);
  await app.register(portfolioFeature);
  await app.register(notificationsFeature);
  await app.register(adminFeature);

  await app.register(webApp, {
    distDir: config.WEB_DIST_DIR ?? defaultWebDist,
    serveSourceMaps: config.NODE_ENV !== 'production',
  });
  return app;
};

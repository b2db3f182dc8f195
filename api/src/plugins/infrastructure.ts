import type { EventStore } from '@etf-replicator/core';
import type { Database, ProjectionRunner } from '@etf-replicator/projections';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Infrastructure } from '../infrastructure/infrastructure';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    eventStore: EventStore;
    projections: ProjectionRunner;
  }
}

/** Exposes the composition root's connections to routes; starts the projections with the app, stops them with it. */
export default fp(
  async (
    app: FastifyInstance,
    { config, infrastructure }: { config: AppConfig; infrastructure: Infrastructure },
  ) => {
    app.decorate('config', config);
    app.decorate('db', infrastructure.db);
    app.decorate('eventStore', infrastructure.eventStore);
    app.decorate('projections', infrastructure.projections);
    app.addHook('onReady', () => infrastructure.projections.start());
    app.addHook('onClose', () => infrastructure.projections.stop());
  },
  { name: 'infrastructure' },
);

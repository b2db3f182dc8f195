import { createTableUpkeep } from '@etf-replicator/projections';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often the upkeep checks whether the tables grew enough to vacuum and analyze them (table-upkeep.ts). */
const CHECK_EVERY_MS = 60_000;

/**
 * Vacuums and analyzes the database as it grows where no autovacuum does (the embedded store, or a server with it
 * off): the statements' plans follow the tables' sizes and old row versions are reclaimed. A round in flight is
 * awaited on close, so that the pool closes after it.
 */
export default fp(
  async (app: FastifyInstance) => {
    const upkeep = createTableUpkeep(app.db);
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = upkeep
        .maybeRun()
        .then((ran) => {
          if (ran) app.log.info('tables vacuumed and analyzed (no autovacuum on this database)');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'table upkeep failed'));
    }, CHECK_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'table-upkeep', dependencies: ['infrastructure'] },
);

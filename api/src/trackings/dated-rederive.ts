import { rederiveDatedTrackings } from '@etf-replicator/projections/trackings/rederive-dated';
import type { FastifyInstance } from 'fastify';

const HOUR_MS = 3_600_000;

/**
 * Keeps the views of harvesting owners current as the days pass (a wash-sale window closing changes the suggested
 * orders with no event): once the app is ready, then every hour. Runs never overlap within one instance; two
 * instances doing it at once only derive the same rows twice (each row is locked while it is written).
 */
export const startDatedRederive = (
  app: FastifyInstance,
  { everyMs = HOUR_MS }: { everyMs?: number } = {},
) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= rederiveDatedTrackings((work) => app.db.pool.transaction(work))
      .then((derived) => {
        if (derived > 0) app.log.info({ derived }, 'trackings of harvesting owners derived for today');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'deriving dated trackings failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};

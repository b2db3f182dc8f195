import type { FastifyInstance } from 'fastify';
import { reconcileSlots } from './reconcile-slots';

/**
 * Runs the slot reconciliation once the app is ready (what a crash left half done is fixed at start-up) and then
 * every minute, or every TRACKING_SLOT_TTL_SECONDS if that is shorter. Runs never overlap within one instance.
 */
export const startSlotReconciler = (app: FastifyInstance) => {
  const ttlMs = app.config.TRACKING_SLOT_TTL_SECONDS * 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= reconcileSlots(app, { ttlMs })
      .then((outcome) => {
        if (outcome.released + outcome.retaken > 0 || outcome.failed > 0)
          app.log.info({ ...outcome }, 'tracking slots reconciled');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'tracking slot reconciliation failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, Math.min(ttlMs, 60_000));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};

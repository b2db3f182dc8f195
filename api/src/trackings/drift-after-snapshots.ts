import type { Position } from '@etf-replicator/core';
import { getLatestSnapshot } from '@etf-replicator/projections/market-data/latest-snapshot';
import type { FastifyInstance } from 'fastify';
import { checkDriftForSymbol, type DriftAlertNotice } from './drift-check';
import { sendDriftAlertMail } from './drift-mail';

/** How long to wait for the read models (trackings re-derive after a snapshot) before checking anyway. */
const CATCH_UP_MS = 120_000;

type Published = {
  readonly symbol: string;
  readonly outcome: string;
  readonly streamRevision: number;
  readonly position?: Position;
};

/**
 * The check measures against the market read model's latest snapshot; on a shared server the runner's wait can
 * answer before that row shows the new revision (seen as a missed alert), so this also waits for the row itself.
 */
const untilMarketShows = async (app: FastifyInstance, result: Published, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const latest = await getLatestSnapshot(app.db.pool, result.symbol);
    if (latest && latest.streamRevision >= result.streamRevision) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * After snapshots were published (admin import, CLI import/refresh, the start-up import, a scheduled or admin
 * refresh): waits until every read model applied them, runs the drift check for each ETF that got a new snapshot,
 * sends each raised alert's e-mail, and waits until the alerts are projected (notifications). Returns how many
 * alerts were raised. A re-run for the same snapshots raises nothing (the check's event ids derive from them).
 */
export const checkDriftAfterSnapshots = async (
  app: FastifyInstance,
  results: readonly Published[],
  { timeoutMs = CATCH_UP_MS }: { timeoutMs?: number } = {},
): Promise<number> => {
  const appended = results.filter((result) => result.outcome === 'appended');
  const positions = appended.flatMap((result) => (result.position ? [result.position] : []));
  const last = positions.sort((a, b) => app.eventStore.comparePositions(a, b)).at(-1);
  if (last && !(await app.projections.waitForPosition(last, { timeoutMs }))) {
    app.log.warn('drift check: the read models had not applied the new snapshots in time; checking anyway');
  }
  // A failure here is logged; the start-up sweep (drift-mail-recovery.ts) sends it later.
  const onAlert = async (alert: DriftAlertNotice, view: Parameters<typeof sendDriftAlertMail>[2]) => {
    await sendDriftAlertMail(app, alert, view).catch((error: unknown) =>
      app.log.error({ err: error, trackingId: alert.trackingId }, 'could not send the drift alert e-mail'),
    );
  };
  let driftAlerts = 0;
  const drifted: Position[] = [];
  for (const result of appended) {
    await untilMarketShows(app, result, timeoutMs);
    for (const outcome of await checkDriftForSymbol(app, result.symbol, { onAlert })) {
      driftAlerts += outcome.events.filter((type) => type === 'DriftAlertRaised').length;
      if (outcome.position) drifted.push(outcome.position);
    }
  }
  const lastDrift = drifted.sort((a, b) => app.eventStore.comparePositions(a, b)).at(-1);
  if (lastDrift) await app.projections.waitForPosition(lastDrift, { timeoutMs });
  return driftAlerts;
};

/**
 * Support tool: a tracking's state after each of its events, with the prices and plan of that moment.
 *   npm run tracking:replay -- TRACKING_ID [--until POSITION|ISO_TIME] [--json]
 */
import { parseArgs } from 'node:util';
import { replayTracking } from '@etf-replicator/projections/trackings/replay-tracking';
import { snapshotSymbols } from '@etf-replicator/projections/trackings/sources';
import { openStores } from './cli/open-stores';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { until: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const trackingId = positionals[0];
if (!trackingId) {
  console.error('Usage: npm run tracking:replay -- TRACKING_ID [--until POSITION|ISO_TIME] [--json]');
  process.exit(2);
}
const until = values.until
  ? Number.isNaN(Date.parse(values.until)) || /^\d+:\d+$/.test(values.until)
    ? { position: values.until }
    : { time: new Date(values.until) }
  : undefined;

const stores = await openStores();
try {
  const steps = await replayTracking(stores.eventStore, trackingId, until, {
    allEtfs: await snapshotSymbols(stores.db.pool),
  });
  if (!steps) {
    console.error(`No tracking ${trackingId} in the log.`);
    process.exitCode = 1;
  } else if (values.json) {
    console.log(JSON.stringify(steps, null, 2));
  } else {
    console.table(
      steps.map((step) => ({
        position: step.position,
        time: step.recordedAt,
        event: step.eventType,
        index: step.index,
        target: step.view.currentReplication.targetInvestmentAmount,
        cash: step.cash,
        holdings: Object.keys(step.positions).length,
        orders: step.view.adjustmentOrders.length,
        rate: step.view.replicationRate,
        snapshot: step.snapshot?.asOf ?? '-',
      })),
    );
  }
} finally {
  await stores.close();
}

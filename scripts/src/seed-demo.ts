/**
 * A demo investor with a few trackings and a history worth looking at, created through the real API routes.
 *   npm run seed:demo            (uses the configured store; the embedded one must not be in use by npm start)
 * Idempotent: does nothing when the demo user already has trackings.
 *
 * Real gains and losses (issue 19): the orders are filled at the bundle's closes of FILLS_AS_OF (a dated snapshot
 * published first), then the closes of VALUED_AS_OF are published — IWM's own closes of that day, the S&P 500 names
 * at IVV's 2025-11-18 closes (their nearest earlier ones) — so the lots show what those months really did to each
 * stock. Every snapshot states its as-of dates (pricesAsOf). The IWM tracking's small caps are held by no other
 * demo tracking, so some of its losses are clear of wash sales: the S&P names are bought by several trackings the
 * same day, which blocks each other's harvest, as the IRS rule says.
 */

import { changeUserPlan } from '@etf-replicator/api/accounts/change-plan';
import { DEMO_USER, ensureDemoUser } from '@etf-replicator/api/accounts/seed-accounts';
import type { TaxLossHarvestingResponse } from '@etf-replicator/core/contracts/taxes';
import { openInProcessApp } from './cli/in-process-app';
import { demoClient } from './demo/demo-client';
import { publishDatedSnapshot } from './demo/publish-dated-snapshot';

/** The closes the demo's orders are filled at, and the later closes its lots are valued at. */
const FILLS_AS_OF = '2025-10-30';
const VALUED_AS_OF = '2026-05-05';

const { app, infrastructure, close } = await openInProcessApp();
try {
  const userId = await ensureDemoUser({
    eventStore: infrastructure.eventStore,
    pool: infrastructure.db.pool,
  });
  await changeUserPlan(app.accounts, userId, 'GROWTH', 'admin', { actorUserId: 'system:seed-demo' });
  const token = app.signAccessToken({
    sub: DEMO_USER.email,
    userId,
    plan: 'GROWTH',
    roles: [{ authority: 'ROLE_USER' }],
  });
  const demo = demoClient(app, token);
  const existing = await demo.call<unknown[]>('GET', '/api/trackings/trackings-summary');
  if (existing.length > 0) {
    console.log(`${DEMO_USER.email} already has ${existing.length} tracking(s); nothing to do.`);
  } else {
    await publishDatedSnapshot(infrastructure, FILLS_AS_OF);
    // QQQ: fully executed, then a buy-only raise partly executed and one order reverted.
    const qqq = await demo.create('QQQ', '10000');
    for (const order of (await demo.detail(qqq.trackingId)).adjustmentOrders)
      await demo.execute(qqq.trackingId, order);
    await demo.call('POST', '/api/replication/add-investment', {
      trackingId: qqq.trackingId,
      amount: '2500',
      buyOnly: true,
    });
    const extra = (await demo.detail(qqq.trackingId)).adjustmentOrders.slice(0, 3);
    for (const order of extra) await demo.execute(qqq.trackingId, order);
    const lastOrder = (await demo.history(qqq.trackingId)).content.find(
      (entry) => entry.actionType === 'EXECUTE_ORDER',
    );
    if (lastOrder)
      await demo.call('POST', `/api/history/${qqq.trackingId}/revert`, { actionId: lastOrder.id });

    // VOO: fractional shares, the ten largest orders executed, then the target lowered.
    const voo = await demo.create('VOO', '25000');
    await demo.call('POST', `/api/trackings/${voo.trackingId}/enableFractional`);
    for (const order of (await demo.detail(voo.trackingId)).adjustmentOrders.slice(0, 10))
      await demo.execute(voo.trackingId, order);
    await demo.call('POST', '/api/replication/subtract-investment', {
      trackingId: voo.trackingId,
      amount: '1000',
    });

    // IVV: the top 10 holdings only, half of the orders executed.
    const ivv = await demo.create('IVV', '5000');
    await demo.call(
      'POST',
      `/api/trackings/${ivv.trackingId}/changeNumberOfWeightings?numberOfWeightings=10`,
    );
    const orders = (await demo.detail(ivv.trackingId)).adjustmentOrders;
    for (const order of orders.slice(0, Math.ceil(orders.length / 2)))
      await demo.execute(ivv.trackingId, order);

    // IWM: its 25 largest small caps, fractional shares, every order executed at once (one batch: one command,
    // one event per order).
    const iwm = await demo.create('IWM', '10000');
    await demo.call('POST', `/api/trackings/${iwm.trackingId}/enableFractional`);
    await demo.call(
      'POST',
      `/api/trackings/${iwm.trackingId}/changeNumberOfWeightings?numberOfWeightings=25`,
    );
    await demo.call(
      'POST',
      `/api/trackings/${iwm.trackingId}/applyAdjustmentOrders`,
      (await demo.detail(iwm.trackingId)).adjustmentOrders,
    );

    await publishDatedSnapshot(infrastructure, VALUED_AS_OF);
    const summary = await demo.call<
      { trackingId: string; symbol: string; amountInvested: string; replicationRate: string }[]
    >('GET', '/api/trackings/trackings-summary');
    console.table(
      summary.map(({ symbol, amountInvested, replicationRate }) => ({
        symbol,
        amountInvested,
        replicationRate,
      })),
    );
    for (const { trackingId, symbol } of summary) {
      const harvesting = await demo.call<TaxLossHarvestingResponse>(
        'GET',
        `/api/trackings/${trackingId}/tax-loss-harvesting`,
      );
      const clear = harvesting.candidates.filter((candidate) => candidate.washSale.status === 'clear');
      console.log(
        `${symbol}: ${harvesting.candidates.length} harvest candidate(s), ${clear.length} clear of wash sales` +
          (clear[0] ? ` (largest: ${clear[0].symbol}, loss $${clear[0].loss})` : ''),
      );
    }
    console.log(`Sign in as ${DEMO_USER.email} / ${DEMO_USER.password} (plan GROWTH) to look around.`);
  }
} finally {
  await close();
}

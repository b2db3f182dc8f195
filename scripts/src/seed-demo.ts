/**
 * A demo investor with a few trackings and a history worth looking at, created through the real API routes.
 *   npm run seed:demo            (uses the configured store; the embedded one must not be in use by npm start)
 * Idempotent: does nothing when the demo user already has trackings.
 */

import { changeUserPlan } from '@etf-replicator/api/accounts/change-plan';
import { DEMO_USER, ensureDemoUser } from '@etf-replicator/api/accounts/seed-accounts';
import { openInProcessApp } from './cli/in-process-app';
import { demoClient } from './demo/demo-client';

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

    const summary = await demo.call<{ symbol: string; amountInvested: string; replicationRate: string }[]>(
      'GET',
      '/api/trackings/trackings-summary',
    );
    console.table(
      summary.map(({ symbol, amountInvested, replicationRate }) => ({
        symbol,
        amountInvested,
        replicationRate,
      })),
    );
    console.log(`Sign in as ${DEMO_USER.email} / ${DEMO_USER.password} (plan GROWTH) to look around.`);
  }
} finally {
  await close();
}

import { queryAuditLog } from '@etf-replicator/projections/audit-log/queries';
import { getUserById } from '@etf-replicator/projections/users/queries';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, claimsOf, signedInUser } from '../../accounts/testing/account-test-helpers';
import { type StripeEmulator, startStripeEmulator } from '../../billing/testing/stripe-emulator';
import {
  charge,
  checkoutSession,
  deliver,
  dispute,
  event,
  invoice,
  signedHeaders,
  stripeId,
  subscription,
  type TestEvent,
} from '../../billing/testing/stripe-events';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

describe.each(await testStores())('Stripe webhook on %s', (store) => {
  let emulator: StripeEmulator;
  let app: TestApp;
  beforeAll(async () => {
    emulator = await startStripeEmulator();
    app = await createTestApp({ store, env: emulator.env });
  });
  afterAll(async () => {
    await app?.dispose();
    await emulator?.close();
  });

  const send = (stripeEvent: object) => deliver(app, stripeEvent, emulator.webhookSecret);
  const sendAll = async (...events: TestEvent[]) => {
    for (const stripeEvent of events) expect((await send(stripeEvent)).statusCode).toBe(200);
  };
  const stream = (userId: string) => app.testEventStore.readStream(`user-${userId}`);
  const typesOf = async (userId: string) => (await stream(userId)).map((recorded) => recorded.type);
  const planOf = async (userId: string) => {
    await app.projectionsCaughtUp();
    return (await getUserById(app.testDb.pool, userId))?.plan;
  };
  const planChanges = async (userId: string) =>
    (await stream(userId))
      .filter((recorded) => recorded.type === 'UserPlanChanged')
      .map(
        (recorded) => recorded.data as { plan: string | null; previousPlan: string | null; source: string },
      );

  /** A signed-in user whose Stripe customer we created (as the pricing page does before the pricing table). */
  const customerOfNewUser = async () => {
    const user = await signedInUser(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/billing/existing-customer-client-secret',
      headers: bearer(user.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const customerId = [...emulator.customers.values()].find(
      (customer) => (customer.metadata as { userId?: string }).userId === user.userId,
    )?.id as string;
    expect(response.json()).toEqual({ clientSecret: `cuss_secret_for_${customerId}` });
    return { ...user, customerId };
  };

  /** A user on GROWTH through the events a pricing-table checkout sends. */
  const subscribedUser = async (t = 1_800_000_000) => {
    const user = await customerOfNewUser();
    const sub = subscription(user.customerId);
    await sendAll(
      event('checkout.session.completed', checkoutSession(user.userId, user.customerId, sub.id), t),
      event('customer.subscription.created', sub, t),
      event('invoice.paid', invoice(user.customerId, sub.id), t),
    );
    return { ...user, sub };
  };

  it('rejects a missing or bad signature with 400 and records nothing', async () => {
    const user = await customerOfNewUser();
    const before = await stream(user.userId);
    const created = event('customer.subscription.created', subscription(user.customerId));
    const payload = JSON.stringify(created);
    const answers = [
      await deliver(app, created, 'whsec_not_the_secret'),
      await app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
      await app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: signedHeaders(payload, emulator.webhookSecret),
        payload: payload.replace('"active"', '"trialing"'),
      }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual([
      [400, 'Invalid Stripe signature'],
      [400, 'Missing Stripe-Signature header'],
      [400, 'Invalid Stripe signature'],
    ]);
    expect(await stream(user.userId)).toEqual(before);
    const receipts = await app.testDb.pool.any(
      sql.unsafe`select event_id from stripe_webhook_events where event_id = ${created.id}`,
    );
    expect(receipts).toEqual([]);
  });

  it('checkout, subscription and invoice become events, the billing record, the invoice and the plan claim', async () => {
    const user = await subscribedUser();
    // The pricing page asked twice; Stripe holds one customer for the user.
    await app.inject({
      method: 'GET',
      url: '/api/billing/existing-customer-client-secret',
      headers: bearer(user.accessToken),
    });
    expect(emulator.requests.filter((request) => request.path === '/v1/customers')).toSatisfy((requests) =>
      requests.every((request: { idempotencyKey?: string }) => request.idempotencyKey),
    );
    expect(await typesOf(user.userId)).toEqual(
      expect.arrayContaining([
        'BillingCustomerLinked',
        'SubscriptionStarted',
        'UserPlanChanged',
        'InvoiceRecorded',
      ]),
    );
    expect(await planChanges(user.userId)).toMatchObject([
      { plan: 'GROWTH', previousPlan: null, source: 'billing' },
    ]);
    await app.projectionsCaughtUp();
    expect((await getUserById(app.testDb.pool, user.userId))?.stripe_customer_id).toBe(user.customerId);

    const record = await app.inject({
      method: 'GET',
      url: `/api/billing/${user.userId}`,
      headers: bearer(user.accessToken),
    });
    expect(record.json()).toMatchObject({
      customerId: user.customerId,
      subscriptionId: user.sub.id,
      subscriptionPlan: 'GROWTH',
      email: user.email,
      subscriptionStatus: 'active',
    });
    const invoices = await app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: bearer(user.accessToken),
    });
    expect(invoices.json()).toEqual([
      {
        created: '2027-01-15T08:00:00.000Z',
        invoiceId: expect.stringMatching(/^in_/),
        description: '1 × Growth (at $39.00 / month)',
        amount: 3900,
        status: 'paid',
        invoicePdf: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/in_.*\.pdf$/),
      },
    ]);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: user.refresh },
    });
    expect(claimsOf(refreshed.json().access_token).plan).toBe('GROWTH');
    await app.projectionsCaughtUp();
    const audit = await queryAuditLog(app.testDb.pool, { userId: user.userId, limit: 100 });
    expect(audit.entries.map((entry) => entry.eventType)).toEqual(
      expect.arrayContaining(['SubscriptionStarted', 'UserPlanChanged', 'InvoiceRecorded']),
    );
  });

  it('changes nothing for a replayed delivery, also when copies arrive at once', async () => {
    const user = await customerOfNewUser();
    const created = event('customer.subscription.created', subscription(user.customerId, { plan: 'PRO' }));
    const answers = await Promise.all([send(created), send(created), send(created)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const afterFirst = await stream(user.userId);
    const again = await send(created);
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await stream(user.userId)).toEqual(afterFirst);
    expect(afterFirst.filter((recorded) => recorded.type === 'SubscriptionStarted')).toHaveLength(1);
    expect(await planChanges(user.userId)).toHaveLength(1);
  });

  it('converges to the newest subscription state when deliveries arrive out of order', async () => {
    const user = await customerOfNewUser();
    const id = stripeId('sub');
    const at = (plan: 'STARTER' | 'GROWTH' | 'PRO', created: number, status = 'active') =>
      event('customer.subscription.updated', subscription(user.customerId, { id, plan, status }), created);
    await sendAll(at('STARTER', 100), at('PRO', 300), at('GROWTH', 200));
    expect(await planOf(user.userId)).toBe('PRO');
    const deleted = event(
      'customer.subscription.deleted',
      subscription(user.customerId, { id, status: 'canceled' }),
      400,
    );
    await sendAll(deleted, at('GROWTH', 500), at('PRO', 350));
    expect(await planOf(user.userId)).toBeNull();
    expect((await planChanges(user.userId)).map((change) => change.plan)).toEqual(['STARTER', 'PRO', null]);
  });

  it('keeps access while a payment is retried and downgrades to Free when the subscription becomes unpaid', async () => {
    const user = await subscribedUser();
    const failed = invoice(user.customerId, user.sub.id, { status: 'open' });
    const pastDue = subscription(user.customerId, { id: user.sub.id, status: 'past_due' });
    await sendAll(
      event('invoice.payment_failed', failed, 1_800_000_100),
      event('customer.subscription.updated', pastDue, 1_800_000_100),
    );
    expect(await planOf(user.userId)).toBe('GROWTH');
    const unpaid = subscription(user.customerId, { id: user.sub.id, status: 'unpaid' });
    await sendAll(event('customer.subscription.updated', unpaid, 1_800_000_200));
    expect(await planOf(user.userId)).toBeNull();
    expect((await planChanges(user.userId)).map((change) => change.plan)).toEqual(['GROWTH', null]);
    const invoices = await app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: bearer(user.accessToken),
    });
    expect(
      invoices
        .json()
        .map((entry: { status: string }) => entry.status)
        .sort(),
    ).toEqual(['open', 'paid']);
    const record = await app.inject({
      method: 'GET',
      url: `/api/billing/${user.userId}`,
      headers: bearer(user.accessToken),
    });
    expect(record.json()).toMatchObject({ subscriptionPlan: null, subscriptionStatus: 'unpaid' });
  });

  it('follows Stripe’s own copy of the subscription over the delivered one', async () => {
    const user = await subscribedUser();
    emulator.subscriptions.set(
      user.sub.id,
      subscription(user.customerId, { id: user.sub.id, status: 'canceled' }),
    );
    const stale = subscription(user.customerId, { id: user.sub.id, plan: 'PRO' });
    await sendAll(event('customer.subscription.updated', stale, 1_800_000_300));
    expect(await planOf(user.userId)).toBeNull();
    expect(await typesOf(user.userId)).toContain('SubscriptionEnded');
  });

  it('ends access on a full refund or a dispute, cancels at Stripe, and changes the plan once', async () => {
    const refunded = await subscribedUser();
    emulator.subscriptions.set(refunded.sub.id, refunded.sub);
    await sendAll(event('charge.refunded', charge(refunded.customerId)));
    expect(await planOf(refunded.userId)).toBeNull();
    expect(emulator.requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${refunded.sub.id}` }),
    );
    const deleted = subscription(refunded.customerId, { id: refunded.sub.id, status: 'canceled' });
    await sendAll(event('customer.subscription.deleted', deleted, 1_800_000_500));
    expect((await planChanges(refunded.userId)).map((change) => change.plan)).toEqual(['GROWTH', null]);

    const disputed = await subscribedUser();
    const disputedCharge = charge(disputed.customerId);
    emulator.charges.set(disputedCharge.id, disputedCharge);
    await sendAll(event('charge.dispute.created', dispute(disputedCharge.id)));
    expect(await planOf(disputed.userId)).toBeNull();
    expect(
      (await stream(disputed.userId)).find((recorded) => recorded.type === 'PaymentReversed')?.data,
    ).toMatchObject({
      reason: 'dispute',
      revokedSubscriptionId: disputed.sub.id,
    });

    const partly = await subscribedUser();
    await sendAll(event('charge.refunded', charge(partly.customerId, { refunded: 1000 })));
    expect(await planOf(partly.userId)).toBe('GROWTH');
  });

  it('acknowledges what it does not handle and answers malformed input with 400, never 500', async () => {
    const user = await customerOfNewUser();
    const ok = async (stripeEvent: object) => (await send(stripeEvent)).json().outcome;
    expect(await ok(event('customer.created', { id: user.customerId }))).toBe('ignored');
    expect(await ok(event('customer.subscription.updated', subscription('cus_nobody')))).toBe('ignored');
    expect(
      await ok(event('checkout.session.completed', checkoutSession('no-such-user', user.customerId, null))),
    ).toBe('ignored');
    const malformed = await send(event('customer.subscription.updated', { id: 'sub_x', status: 'active' }));
    expect([malformed.statusCode, malformed.json().message]).toEqual([
      400,
      'Malformed customer.subscription.updated object: customer Invalid input',
    ]);

    // Random mutations of valid events, all correctly signed: whatever the webhook answers, it is never a 5xx.
    const samples = [
      event('customer.subscription.updated', subscription(user.customerId)),
      event('invoice.paid', invoice(user.customerId, 'sub_fuzz')),
      event('checkout.session.completed', checkoutSession(user.userId, user.customerId, 'sub_fuzz')),
      event('charge.refunded', charge(user.customerId)),
      event('charge.dispute.created', dispute('ch_fuzz')),
    ];
    const weird: unknown[] = [
      null,
      -1,
      1e300,
      '',
      'x'.repeat(5000),
      [],
      {},
      true,
      '\u0000',
      99_999_999_999_999,
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    const mutate = (value: unknown, depth: number): unknown => {
      if (depth > 4 || value === null || typeof value !== 'object') {
        return random(3) === 0 ? weird[random(weird.length)] : value;
      }
      if (Array.isArray(value)) return value.map((item) => mutate(item, depth + 1));
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(() => random(8) !== 0)
        .map(([key, inner]) => [key, mutate(inner, depth + 1)]);
      return Object.fromEntries(entries);
    };
    const statuses = new Set<number>();
    for (let round = 0; round < 60; round++) {
      const sample = samples[round % samples.length] as TestEvent;
      const mutated = { ...sample, id: stripeId('evt'), data: { object: mutate(sample.data.object, 0) } };
      const answer = await send(round % 10 === 9 ? (mutate(mutated, 0) ?? {}) : mutated);
      statuses.add(answer.statusCode);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
    }
    expect([...statuses].every((status) => status === 200 || status === 400)).toBe(true);
    const garbage = 'not json at all';
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: signedHeaders(garbage, emulator.webhookSecret),
      payload: garbage,
    });
    expect(notJson.statusCode).toBe(400);
  });
});

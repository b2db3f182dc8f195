import type { Position, RecordedEvent } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import { openPgliteTestDatabase, type TestDatabase } from '../testing';
import { usersProjector } from '../users/projector';
import { getUserById } from '../users/queries';
import { billingAccountsProjector } from './projector';
import { findUserIdByCustomerId, getBillingAccount } from './queries';

const at = '2026-01-01T00:00:00.000Z';
const recorded = (userId: string, streamRevision: number, type: string, data: object): RecordedEvent => ({
  id: `${userId}-${streamRevision}`,
  type,
  data: { userId, ...data },
  metadata: { schemaVersion: 1 },
  streamId: `user-${userId}`,
  streamRevision,
  globalPosition: String(streamRevision) as Position,
  recordedAt: new Date(at),
});
const subscription = (subscriptionId: string, status: string, plan: string | null, created: number) => ({
  customerId: 'cus_1',
  subscriptionId,
  status,
  priceId: plan ? `price_${plan}` : null,
  plan,
  currentPeriodEnd: '2026-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  stripeEventId: `evt_${subscriptionId}_${created}`,
  stripeEventCreated: created,
});

describe('billing accounts projector', () => {
  let test: TestDatabase;
  const apply = (...events: RecordedEvent[]) =>
    test.db.pool.transaction(async (tx) => {
      for (const event of events) {
        await usersProjector.handle(tx, event);
        await billingAccountsProjector.handle(tx, event);
      }
    });

  beforeAll(async () => {
    test = await openPgliteTestDatabase();
    await migrateReadModels(test.db);
  });
  afterAll(() => test.dispose());

  const history = [
    recorded('u-1', 0, 'UserRegistered', {
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      signInMethod: 'emailpassword',
      registeredAt: at,
    }),
    recorded('u-1', 1, 'BillingCustomerLinked', {
      customerId: 'cus_1',
      email: 'ann@example.com',
      source: 'created',
      previousCustomerId: null,
      linkedAt: at,
    }),
    recorded('u-1', 2, 'SubscriptionStarted', {
      ...subscription('sub_1', 'active', 'STARTER', 100),
      startedAt: at,
    }),
    recorded('u-1', 3, 'SubscriptionChanged', {
      ...subscription('sub_1', 'active', 'GROWTH', 200),
      previousStatus: 'active',
      previousPlan: 'STARTER',
      changedAt: at,
    }),
  ];

  it('links the customer (also on the users row) and shows the live subscription', async () => {
    await apply(...history);
    await apply(...history); // a replay changes nothing
    expect(await findUserIdByCustomerId(test.db.pool, 'cus_1')).toBe('u-1');
    expect((await getUserById(test.db.pool, 'u-1'))?.stripe_customer_id).toBe('cus_1');
    const account = await getBillingAccount(test.db.pool, 'u-1');
    expect(account).toMatchObject({ customerId: 'cus_1', customerEmail: 'ann@example.com', active: true });
    expect(account.subscription).toMatchObject({
      subscription_id: 'sub_1',
      plan: 'GROWTH',
      status: 'active',
    });
  });

  it('ends and revokes: the ended subscription stays visible but gives no access', async () => {
    await apply(
      recorded('u-1', 4, 'PaymentReversed', {
        customerId: 'cus_1',
        chargeId: 'ch_1',
        reason: 'dispute',
        fullReversal: false,
        amountCents: 3900,
        currency: 'usd',
        revokedSubscriptionId: 'sub_1',
        stripeEventId: 'evt_dp',
        stripeEventCreated: 300,
        reversedAt: at,
      }),
      recorded('u-1', 5, 'SubscriptionEnded', {
        ...subscription('sub_1', 'canceled', 'GROWTH', 400),
        endedAt: at,
      }),
    );
    // A replay of the older change must not bring the status back.
    await apply(history[3] as RecordedEvent);
    const account = await getBillingAccount(test.db.pool, 'u-1');
    expect(account.active).toBe(false);
    expect(account.subscription).toMatchObject({ status: 'canceled', ended: true, revoked: true });
  });

  it('prefers a newer live subscription and skips events that break their schema', async () => {
    await apply(
      recorded('u-1', 6, 'SubscriptionStarted', {
        ...subscription('sub_2', 'active', 'PRO', 500),
        startedAt: at,
      }),
      recorded('u-1', 7, 'SubscriptionStarted', { subscriptionId: 'sub_bad' }),
    );
    const account = await getBillingAccount(test.db.pool, 'u-1');
    expect(account).toMatchObject({ active: true, subscription: { subscription_id: 'sub_2', plan: 'PRO' } });
    expect(await getBillingAccount(test.db.pool, 'nobody')).toMatchObject({
      customerId: null,
      active: false,
    });
  });
});

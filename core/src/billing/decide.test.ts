import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { DeciderSpecification } from '../testing/decider-specification';
import type { UserCommandMetadata } from '../user/commands';
import type { UserEvent } from '../user/events';
import { billingDecider } from './aggregate';
import type { BillingCommand, SubscriptionSnapshot } from './commands';

const given = DeciderSpecification.for(billingDecider);
const now = new Date('2026-02-01T10:00:00.000Z');
const at = now.toISOString();
const metadata: UserCommandMetadata = { now, eventId: 'e1', moreEventIds: ['e2', 'e3'] };
const userId = 'u-1';

const registered: UserEvent = {
  id: 'r',
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    signInMethod: 'emailpassword',
    registeredAt: at,
  },
};
const linked: UserEvent = {
  id: 'l',
  type: 'BillingCustomerLinked',
  data: {
    userId,
    customerId: 'cus_1',
    email: null,
    source: 'created',
    previousCustomerId: null,
    linkedAt: at,
  },
};

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  priceId: 'price_growth',
  plan: 'GROWTH',
  currentPeriodEnd: '2026-03-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  ...overrides,
});

const sync = (
  stripeEventId: string,
  stripeEventCreated: number,
  overrides: Partial<SubscriptionSnapshot> = {},
  { deleted = false, fresh = false } = {},
): BillingCommand => ({
  type: 'SyncSubscription',
  data: { stripeEventId, stripeEventCreated, subscription: snapshot(overrides), deleted, fresh },
  metadata,
});

/** Runs commands one after another, as the API does, and returns every event recorded. */
const run = (history: UserEvent[], ...commands: BillingCommand[]) => {
  const events = [...history];
  commands.forEach((command, index) => {
    const ids = { now, eventId: `c${index}-1`, moreEventIds: [`c${index}-2`, `c${index}-3`] };
    const state = events.reduce(billingDecider.evolve, billingDecider.initialState());
    events.push(...billingDecider.decide({ ...command, metadata: ids } as BillingCommand, state));
  });
  const state = events.reduce(billingDecider.evolve, billingDecider.initialState());
  return { recorded: events.slice(history.length), state };
};
const types = (events: UserEvent[]) => events.map((event) => event.type);
const planOf = (state: ReturnType<typeof run>['state']) =>
  state.user.status === 'registered' ? state.user.plan : 'no user';

describe('Billing on the user stream', () => {
  describe('When a subscription starts', () => {
    it('records it and the plan it grants in one decision', () => {
      const spec = given([registered, linked]).when(sync('evt_1', 100));
      expect(types(spec.events())).toEqual(['SubscriptionStarted', 'UserPlanChanged']);
      expect(spec.events()[1]).toEqual({
        id: 'e2',
        type: 'UserPlanChanged',
        data: { userId, plan: 'GROWTH', previousPlan: null, source: 'billing', changedAt: at },
      });
      expect(spec.state().user).toMatchObject({ plan: 'GROWTH' });
    });

    it('links the customer first when the stream did not know it', () => {
      const spec = given([registered]).when(sync('evt_1', 100));
      expect(types(spec.events())).toEqual([
        'BillingCustomerLinked',
        'SubscriptionStarted',
        'UserPlanChanged',
      ]);
      expect(spec.state().billing.customerId).toBe('cus_1');
    });

    it('grants nothing while the first payment is incomplete, then the plan once it is active', () => {
      const { recorded, state } = run(
        [registered, linked],
        sync('evt_1', 100, { status: 'incomplete' }),
        sync('evt_2', 101),
      );
      expect(types(recorded)).toEqual(['SubscriptionStarted', 'SubscriptionChanged', 'UserPlanChanged']);
      expect(planOf(state)).toBe('GROWTH');
    });

    it('refuses a user that does not exist', () => {
      given([])
        .when(sync('evt_1', 100))
        .thenThrows((error) => error instanceof DomainError && error.code === 'USER_NOT_FOUND');
    });
  });

  describe('When Stripe delivers again or out of order', () => {
    it('changes nothing for a replayed delivery', () => {
      const { recorded } = run([registered, linked], sync('evt_1', 100), sync('evt_1', 100));
      expect(types(recorded)).toEqual(['SubscriptionStarted', 'UserPlanChanged']);
    });

    it('ignores an update older than the one applied', () => {
      const { recorded, state } = run(
        [registered, linked],
        sync('evt_1', 100, { priceId: 'price_starter', plan: 'STARTER' }),
        sync('evt_3', 300, { priceId: 'price_pro', plan: 'PRO' }),
        sync('evt_2', 200, { priceId: 'price_growth', plan: 'GROWTH' }),
      );
      expect(planOf(state)).toBe('PRO');
      expect(recorded.filter((event) => event.type === 'UserPlanChanged')).toHaveLength(2);
    });

    it('applies a snapshot just read from Stripe even when its event is older', () => {
      const { state } = run(
        [registered, linked],
        sync('evt_3', 300, { plan: 'PRO', priceId: 'price_pro' }),
        sync('evt_2', 200, { status: 'unpaid' }, { fresh: true }),
      );
      expect(planOf(state)).toBeNull();
    });

    it('never revives a deleted subscription, whatever arrives later', () => {
      const { recorded, state } = run(
        [registered, linked],
        sync('evt_del', 300, { status: 'canceled' }, { deleted: true }),
        sync('evt_created', 100),
        sync('evt_updated', 400, { status: 'active' }, { fresh: true }),
      );
      expect(types(recorded)).toEqual(['SubscriptionEnded']);
      expect(planOf(state)).toBeNull();
    });
  });

  describe('When payment fails or is reversed', () => {
    it('keeps access while Stripe retries (past_due), ends it when the subscription becomes unpaid', () => {
      const pastDue = run(
        [registered, linked],
        sync('evt_1', 100),
        sync('evt_2', 200, { status: 'past_due' }),
      );
      expect(planOf(pastDue.state)).toBe('GROWTH');
      const unpaid = run([registered, linked, ...pastDue.recorded], sync('evt_3', 300, { status: 'unpaid' }));
      expect(types(unpaid.recorded)).toEqual(['SubscriptionChanged', 'UserPlanChanged']);
      expect(unpaid.recorded[1]?.data).toMatchObject({
        plan: null,
        previousPlan: 'GROWTH',
        source: 'billing',
      });
    });

    it('ends access on a dispute, once', () => {
      const started = run([registered, linked], sync('evt_1', 100)).recorded;
      const dispute: BillingCommand = {
        type: 'ReversePayment',
        data: {
          stripeEventId: 'evt_dp',
          stripeEventCreated: 200,
          chargeId: 'ch_1',
          customerId: 'cus_1',
          reason: 'dispute',
          fullReversal: false,
          amountCents: 3900,
          currency: 'usd',
        },
        metadata,
      };
      const { recorded, state } = run(
        [registered, linked, ...started],
        dispute,
        { ...dispute, data: { ...dispute.data, stripeEventId: 'evt_dp_again' } },
        sync('evt_cancel', 300, { status: 'canceled' }, { deleted: true }),
      );
      expect(types(recorded)).toEqual(['PaymentReversed', 'UserPlanChanged', 'SubscriptionEnded']);
      expect(recorded[0]?.data).toMatchObject({ revokedSubscriptionId: 'sub_1' });
      expect(planOf(state)).toBeNull();
    });

    it('keeps access after a partial refund', () => {
      const started = run([registered, linked], sync('evt_1', 100)).recorded;
      const { recorded, state } = run([registered, linked, ...started], {
        type: 'ReversePayment',
        data: {
          stripeEventId: 'evt_rf',
          stripeEventCreated: 200,
          chargeId: 'ch_1',
          customerId: 'cus_1',
          reason: 'refund',
          fullReversal: false,
          amountCents: 1000,
          currency: 'usd',
        },
        metadata,
      });
      expect(types(recorded)).toEqual(['PaymentReversed']);
      expect(planOf(state)).toBe('GROWTH');
    });
  });

  describe('When an admin set the plan', () => {
    const adminPro: UserEvent = {
      id: 'a',
      type: 'UserPlanChanged',
      data: { userId, plan: 'PRO', previousPlan: null, source: 'admin', changedAt: at },
    };

    it('leaves it alone for facts that do not change what billing grants', () => {
      const { recorded, state } = run([registered, linked, adminPro], {
        type: 'RecordInvoice',
        data: {
          stripeEventId: 'evt_inv',
          stripeEventCreated: 100,
          paymentFailed: false,
          invoice: {
            invoiceId: 'in_1',
            customerId: 'cus_1',
            number: null,
            subscriptionId: null,
            description: 'One-off',
            amountCents: 500,
            currency: 'usd',
            status: 'paid',
            invoicePdf: null,
            hostedInvoiceUrl: null,
            invoiceCreatedAt: at,
          },
        },
        metadata,
      });
      expect(types(recorded)).toEqual(['InvoiceRecorded']);
      expect(planOf(state)).toBe('PRO');
    });
  });

  describe('Invoices', () => {
    const invoice = (stripeEventId: string, status: string, paymentFailed = false): BillingCommand => ({
      type: 'RecordInvoice',
      data: {
        stripeEventId,
        stripeEventCreated: 100,
        paymentFailed,
        invoice: {
          invoiceId: 'in_1',
          customerId: 'cus_1',
          number: 'A-0001',
          subscriptionId: 'sub_1',
          description: 'Growth',
          amountCents: 3900,
          currency: 'usd',
          status,
          invoicePdf: 'https://example.com/in_1.pdf',
          hostedInvoiceUrl: null,
          invoiceCreatedAt: at,
        },
      },
      metadata,
    });

    it('records a failed attempt, then the payment, and never moves a paid invoice back to open', () => {
      const { recorded, state } = run(
        [registered, linked],
        invoice('evt_f1', 'open', true),
        invoice('evt_p', 'paid'),
        invoice('evt_f2', 'open', true),
        invoice('evt_p2', 'paid'),
      );
      expect(recorded.map((event) => [event.type, (event.data as { status: string }).status])).toEqual([
        ['InvoiceRecorded', 'open'],
        ['InvoiceRecorded', 'paid'],
      ]);
      expect(state.billing.invoices).toEqual({ in_1: 'paid' });
    });
  });

  it('links a new customer and remembers the one it replaces', () => {
    given([registered, linked])
      .when({
        type: 'LinkBillingCustomer',
        data: { customerId: 'cus_2', email: 'ann@example.com', source: 'checkout' },
        metadata,
      })
      .then({
        id: 'e1',
        type: 'BillingCustomerLinked',
        data: {
          userId,
          customerId: 'cus_2',
          email: 'ann@example.com',
          source: 'checkout',
          previousCustomerId: 'cus_1',
          linkedAt: at,
        },
      });
    given([registered, linked])
      .when({
        type: 'LinkBillingCustomer',
        data: { customerId: 'cus_1', email: null, source: 'created' },
        metadata,
      })
      .thenNothingHappened();
  });
});

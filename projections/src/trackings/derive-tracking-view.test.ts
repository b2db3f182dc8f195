import {
  type ActiveTracking,
  evolve,
  initialState,
  type Tracking,
  type TrackingEvent,
} from '@etf-replicator/core';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveTrackingView, snapshotPricesAsOf, type TrackingSnapshot } from './derive-tracking-view';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

const fold = (targetAmount: string, more: readonly TrackingEvent[] = []): ActiveTracking => {
  const created: TrackingEvent = {
    id: 'evt-0',
    type: 'TrackingCreated',
    data: {
      trackingId: 'trk-1',
      userId: 'user-1',
      symbol: 'VOO',
      targetAmount,
      fractionalShares: false,
      autoTracking: false,
      numberOfWeightings: 5,
      occurredAt: at(0),
    },
  };
  const state = [created, ...more].reduce<Tracking>(evolve, initialState());
  if (state.status !== 'Active') throw new Error('not active');
  return state;
};

const buy = (n: number, symbol: string, shares: string, price: string): TrackingEvent => ({
  id: `evt-${n}`,
  type: 'OrderExecuted',
  data: {
    symbol,
    orderType: 'BUY',
    shares,
    price,
    amount: (Number(shares) * Number(price)).toFixed(2),
    occurredAt: at(n),
  },
});

const snapshotOf = (holdings: TrackingSnapshot['holdings']): TrackingSnapshot => ({
  symbol: 'VOO',
  eventId: 'snap-1',
  asOf: '2026-01-01',
  holdings,
});

const priced = snapshotOf([
  { symbol: 'AAA', weightPercentage: '7', price: '100.00' },
  { symbol: 'BBB', weightPercentage: '5', price: '50.00' },
]);

const detail = trackingDetailSchema.omit({ updatedAt: true });

describe('deriveTrackingView', () => {
  it('derives the full view, without a degraded reason, when the engine can compute the target', () => {
    const view = deriveTrackingView(fold('1000.00'), priced, null);
    expect(view.degraded).toBeUndefined();
    expect(view.targetReplication.investments.length).toBeGreaterThan(0);
  });

  it('gives an amount beyond the engine a degraded view with the reason instead of throwing', () => {
    // What a revert used to allow (issue 21): a target far above the cap, then AMOUNT_TOO_LARGE in the engine.
    const tracking = fold('30000000000000.00', [buy(1, 'AAA', '3', '100.00')]);
    const view = deriveTrackingView(tracking, priced, null);
    expect(view.degraded?.code).toBe('AMOUNT_TOO_LARGE');
    expect(view.degraded?.reason).toMatch(/Lower the target amount/);
    expect(view.adjustmentOrders).toEqual([]);
    expect(view.targetReplication.investments).toEqual([]);
    expect(view.currentReplication.investments).toEqual([
      { symbol: 'AAA', numberOfShares: '3', amountInvested: '300.00' },
    ]);
    expect(detail.safeParse(view).success).toBe(true);
  });

  it('gives a snapshot whose holdings have no prices a degraded view (NO_TRADABLE_HOLDINGS)', () => {
    const unpriced = snapshotOf([
      { symbol: 'AAA', weightPercentage: '7', price: null },
      { symbol: 'BBB', weightPercentage: '5', price: '0' },
    ]);
    const view = deriveTrackingView(fold('1000.00'), unpriced, 'PRO');
    expect(view.degraded?.code).toBe('NO_TRADABLE_HOLDINGS');
    expect(view.degraded?.reason).toMatch(/no holdings with a price/);
  });

  it('never throws, for any amount, positions, settings and snapshot, and always answers the contract', () => {
    // Amounts up to the product's cap (9,999,999,999.99) and share prices up to the highest a US stock has
    // (BRK.A, below $1M). Far beyond both (a $6.8 trillion target, $100M shares) one derivation took 30-60 s.
    const upTo = (maxCents: bigint) =>
      fc
        .bigInt({ min: 0n, max: maxCents })
        .map((cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
    const money = upTo(999_999_999_999n);
    const price = upTo(99_999_999n);
    const holding = fc.record({
      symbol: fc.constantFrom('AAA', 'BBB', 'CCC', 'DDD'),
      weightPercentage: fc.constantFrom('0', '0.01', '5', '40', '100'),
      price: fc.constantFrom(null, '0', '0.01', '12.34', '999999.99'),
    });
    fc.assert(
      fc.property(
        money,
        fc.array(fc.tuple(fc.constantFrom('AAA', 'BBB', 'ZZZ'), fc.integer({ min: 1, max: 10_000 }), price), {
          maxLength: 4,
        }),
        fc.uniqueArray(holding, { selector: (h) => h.symbol, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(null, 'STARTER', 'PRO'),
        (amount, orders, holdings, autoTracking, buyOnly, plan) => {
          const events = orders.map(([symbol, shares, price], i) =>
            buy(i + 1, symbol, String(shares), price === '0.00' ? '1.00' : price),
          );
          const tracking = { ...fold(amount, events) };
          const withSettings = { ...tracking, settings: { ...tracking.settings, autoTracking } };
          const view = deriveTrackingView(withSettings, snapshotOf(holdings), plan, { buyOnly });
          expect(detail.safeParse(view).success).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

const snapshot = (holdings: TrackingSnapshot['holdings']): TrackingSnapshot => ({
  symbol: 'VOO',
  eventId: 'evt-1',
  asOf: '2025-11-19',
  holdings,
});

describe('snapshotPricesAsOf (issue 15: the closes have their own date, not the holdings date)', () => {
  it('spans the oldest to the newest close among priced holdings', () => {
    expect(
      snapshotPricesAsOf(
        snapshot([
          { symbol: 'AAPL', weightPercentage: '7', price: '270.10', priceAsOf: '2025-10-30' },
          { symbol: 'MSFT', weightPercentage: '6', price: '500.00', priceAsOf: '2025-10-28' },
          { symbol: 'GONE', weightPercentage: '1', price: null, priceAsOf: '2025-01-01' },
        ]),
      ),
    ).toEqual({ from: '2025-10-28', to: '2025-10-30' });
  });

  it('says nothing rather than borrowing the holdings date when the closes are undated', () => {
    expect(
      snapshotPricesAsOf(snapshot([{ symbol: 'AAPL', weightPercentage: '7', price: '270.10' }])),
    ).toBeNull();
    expect(snapshotPricesAsOf(undefined)).toBeNull();
  });
});

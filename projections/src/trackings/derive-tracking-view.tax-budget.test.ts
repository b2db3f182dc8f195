import {
  type ActiveTracking,
  dec,
  evolve,
  initialState,
  type Lot,
  type Tracking,
  type TrackingEvent,
} from '@etf-replicator/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveTrackingView, type TrackingSnapshot } from './derive-tracking-view';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
const TODAY = '2026-11-27';

/** Created for $5,000 with positions bought at `costs` (one lot each), optionally a gains budget set after. */
const fold = (
  buys: readonly { symbol: string; shares: string; price: string }[],
  taxBudget?: { maxNetGain: string | null; allowShortTermGains: boolean },
): ActiveTracking => {
  const events: TrackingEvent[] = [
    {
      id: 'evt-0',
      type: 'TrackingCreated',
      data: {
        trackingId: 'trk-1',
        userId: 'user-1',
        symbol: 'VOO',
        targetAmount: '5000',
        fractionalShares: false,
        autoTracking: false,
        numberOfWeightings: 5,
        occurredAt: at(0),
      },
    },
    ...buys.map(
      ({ symbol, shares, price }, i): TrackingEvent => ({
        id: `evt-${i + 1}`,
        type: 'OrderExecuted',
        data: {
          symbol,
          orderType: 'BUY',
          shares,
          price,
          amount: dec(shares).mul(price).toFixed(2),
          occurredAt: at(i + 1),
        },
      }),
    ),
    ...(taxBudget
      ? [
          {
            id: 'evt-9',
            type: 'TaxBudgetSet' as const,
            data: { taxBudget: { year: 2026, ...taxBudget }, previous: null, occurredAt: at(9) },
          },
        ]
      : []),
  ];
  const state = events.reduce<Tracking>(evolve, initialState());
  if (state.status !== 'Active') throw new Error('not active');
  return state;
};

const snapshot: TrackingSnapshot = {
  symbol: 'VOO',
  eventId: 'snap-1',
  asOf: '2026-11-27',
  holdings: [
    { symbol: 'AAA', weightPercentage: '50', price: '100' },
    { symbol: 'BBB', weightPercentage: '30', price: '50' },
    { symbol: 'CCC', weightPercentage: '20', price: '25' },
  ],
};

const factsOf = (tracking: ActiveTracking) => ({ realisedNetGain: '0', lots: [...tracking.lots] as Lot[] });

describe('deriveTrackingView with a gains budget (issue 31)', () => {
  it('without a budget the ledger facts change nothing: the view is exactly today’s', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 10, max: 200 }),
        (aaa, bbb, cost) => {
          const buys = [
            ...(aaa > 0 ? [{ symbol: 'AAA', shares: String(aaa), price: String(cost) }] : []),
            ...(bbb > 0 ? [{ symbol: 'BBB', shares: String(bbb), price: '40' }] : []),
          ];
          const tracking = fold(buys);
          const plain = deriveTrackingView(tracking, snapshot, 'PRO', { today: TODAY });
          const withFacts = deriveTrackingView(tracking, snapshot, 'PRO', {
            today: TODAY,
            taxAware: factsOf(tracking),
          });
          expect(withFacts).toEqual(plain);
          expect(plain.taxBudget).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });

  /**
   * AAA 45 shares bought at $20 (now $100: +$80 a share), target $2,500 = 25 shares. Today's orders sell 20 AAA
   * (+$1,600). With $0 nothing may be sold at a gain: no SELL. With no limit: today's orders, the SELL naming its lot.
   */
  it('a $0 budget sells nothing at a gain; no limit gives today’s orders with the lots each SELL closes', () => {
    const buys = [{ symbol: 'AAA', shares: '45', price: '20' }];
    const today = deriveTrackingView(fold(buys), snapshot, 'PRO', { today: TODAY });
    expect(today.adjustmentOrders.find((order) => order.orderType === 'SELL')).toEqual({
      symbol: 'AAA',
      orderType: 'SELL',
      shares: '20',
    });
    const zero = fold(buys, { maxNetGain: '0.00', allowShortTermGains: true });
    const atZero = deriveTrackingView(zero, snapshot, 'PRO', { today: TODAY, taxAware: factsOf(zero) });
    expect(atZero.adjustmentOrders.filter((order) => order.orderType === 'SELL')).toEqual([]);
    expect(atZero.taxBudget).toMatchObject({
      ordersRealisedNetGain: '0',
      unconstrainedRealisedNetGain: '1600',
    });
    const open = fold(buys, { maxNetGain: null, allowShortTermGains: true });
    const unlimited = deriveTrackingView(open, snapshot, 'PRO', { today: TODAY, taxAware: factsOf(open) });
    expect(
      unlimited.adjustmentOrders.map(({ symbol, orderType, shares }) => ({ symbol, orderType, shares })),
    ).toEqual(today.adjustmentOrders);
    expect(unlimited.adjustmentOrders.find((order) => order.orderType === 'SELL')?.lots).toEqual([
      { lotId: 'evt-1', shares: '20', acquiredAt: at(1), costPerShare: '20', gain: '1600', term: 'SHORT' },
    ]);
    expect(unlimited.targetReplicationRate).toBe(today.targetReplicationRate);
  });
});

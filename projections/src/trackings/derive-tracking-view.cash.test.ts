import {
  type ActiveTracking,
  evolve,
  initialState,
  type Tracking,
  type TrackingEvent,
} from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { ordersNetCost } from './cash-view';
import { deriveTrackingView, type TrackingSnapshot } from './derive-tracking-view';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

const created: TrackingEvent = {
  id: 'evt-0',
  type: 'TrackingCreated',
  data: {
    trackingId: 'trk-1',
    userId: 'user-1',
    symbol: 'ETF',
    targetAmount: '1000.00',
    fractionalShares: false,
    autoTracking: false,
    numberOfWeightings: 2,
    occurredAt: at(0),
  },
};
const order = (n: number, symbol: string, orderType: 'BUY' | 'SELL', shares: string, price: string) =>
  ({
    id: `evt-${n}`,
    type: 'OrderExecuted',
    data: {
      symbol,
      orderType,
      shares,
      price,
      amount: (Number(shares) * Number(price)).toFixed(2),
      occurredAt: at(n),
    },
  }) satisfies TrackingEvent;
const fold = (events: readonly TrackingEvent[]): ActiveTracking => {
  const state = [created, ...events].reduce<Tracking>(evolve, initialState());
  if (state.status !== 'Active') throw new Error('not active');
  return state;
};
const snapshot = (aaa: string, bbb: string, eventId: string): TrackingSnapshot => ({
  symbol: 'ETF',
  eventId,
  asOf: '2026-01-01',
  holdings: [
    { symbol: 'AAA', weightPercentage: '60', price: aaa },
    { symbol: 'BBB', weightPercentage: '40', price: bbb },
  ],
});
const shown = (orders: readonly { orderType: string; shares: string; symbol: string }[]) =>
  orders.map((o) => `${o.orderType} ${o.shares} ${o.symbol}`);

// A $1,000 fixed target of AAA (60 %) and BBB (40 %), whole shares, fully invested at AAA $100 and BBB $50:
// 6 AAA ($600) and 8 BBB ($400), cash $0.
const invested = fold([order(1, 'AAA', 'BUY', '6', '100'), order(2, 'BBB', 'BUY', '8', '50')]);

describe('The cash of a fixed target after prices move (issue 32)', () => {
  it('suggests the best orders within the cash and says how much reaching the target needs', () => {
    // New prices AAA $80, BBB $55: the tracking is worth 6 × 80 + 8 × 55 = 480 + 440 = $920, so the engine's budget
    // is $920 (what it has), not the $1,000 target. At $920: AAA wants 552 (6 = $480, a 7th fills 72 for $80), BBB
    // wants 368 (6 = $330, a 7th fills 38 for $55); the $110 left buys the AAA unit (fills more): 7 AAA and 6 BBB,
    // $890, leftover $30. Orders: BUY 1 AAA ($80), SELL 2 BBB ($110): they free $30, the cash stays $30 ≥ 0.
    const view = deriveTrackingView(invested, snapshot('80', '55', 'snap-2'), 'PRO');
    expect(shown(view.adjustmentOrders)).toEqual(['BUY 1 AAA', 'SELL 2 BBB']);
    expect(ordersNetCost(view.adjustmentOrders, view.prices).toFixed(2)).toBe('-30.00');
    expect(view.currentReplication.leftoverAmount).toBe('0.00');
    expect(view.marketValue).toBe('920.00');
    // $1,000 − $920 = $80 missing. With it the target is the $1,000 one: AAA wants 600 (7 = $560), BBB 400
    // (7 = $385); $55 left buys the 8th BBB (fills 15, the AAA unit costs $80): 7 AAA, 8 BBB = $1,000.
    // From 6 AAA and 8 BBB that is BUY 1 AAA, $80: exactly the cash added.
    expect(view.cashToReachTarget).toBe('80.00');
    expect(shown(view.ordersToReachTarget ?? [])).toEqual(['BUY 1 AAA']);
    // Against the $1,000 target (D = max(1,000, 890) = 1,000) the within-cash target fills min(560, 600) +
    // min(330, 400) = 890: 89 %, what the rate will be once its orders are recorded, not the 95.87 % (882 of 920)
    // it measures against its own $920.
    expect(view.targetReplicationRate).toBe('89');
  });

  it('says nothing is missing when prices rose, and keeps the target at its amount', () => {
    // AAA $110, BBB $50: worth 660 + 400 = $1,060 > $1,000: the budget is the target; nothing is missing.
    const view = deriveTrackingView(invested, snapshot('110', '50', 'snap-3'), 'PRO');
    expect(view.cashToReachTarget).toBe('0.00');
    expect(view.ordersToReachTarget).toEqual([]);
    expect(view.marketValue).toBe('1060.00');
    expect(ordersNetCost(view.adjustmentOrders, view.prices).lte(0)).toBe(true);
  });

  it('rounds the missing cash up to the cent, so that adding it always reaches the target', () => {
    // AAA $99.995: worth 6 × 99.995 + 8 × 50 = 599.97 + 400 = $999.97, $0.03 missing exactly; at $99.9951
    // it is $999.9706, $0.0294 missing, shown as $0.03 (rounded up, never down to $0.02).
    expect(deriveTrackingView(invested, snapshot('99.9951', '50', 'snap-4'), 'PRO').cashToReachTarget).toBe(
      '0.03',
    );
  });

  it('sells what an explicit buy beyond the cash owes, and never suggests spending cash the tracking lacks', () => {
    // 2 AAA more than the cash paid for (8 at $100, 8 BBB at $50): cash −$200, worth 800 + 400 − 200 = $1,000.
    const owing = fold([order(1, 'AAA', 'BUY', '8', '100'), order(2, 'BBB', 'BUY', '8', '50')]);
    expect(owing.cash.toFixed()).toBe('-200');
    const view = deriveTrackingView(owing, snapshot('100', '50', 'snap-1'), 'PRO');
    // The $1,000 budget's target is 6 AAA and 8 BBB: SELL 2 AAA brings the $200 back; the cash ends at $0.
    expect(shown(view.adjustmentOrders)).toEqual(['SELL 2 AAA']);
    expect(ordersNetCost(view.adjustmentOrders, view.prices).toFixed(2)).toBe('-200.00');
    expect(view.cashToReachTarget).toBe('0.00');
  });
});

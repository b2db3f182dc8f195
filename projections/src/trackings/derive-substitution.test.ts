import {
  type ActiveTracking,
  decide,
  evolve,
  initialState,
  type Tracking,
  type TrackingEvent,
} from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { deriveTrackingView, type TrackingSnapshot } from './derive-tracking-view';

const snapshot: TrackingSnapshot = {
  symbol: 'ETF',
  eventId: null,
  asOf: '2026-01-02',
  holdings: [
    { symbol: 'SSS', weightPercentage: '50', price: '100' },
    { symbol: 'RRR', weightPercentage: '30', price: '50' },
    { symbol: 'TTT', weightPercentage: '20', price: '20' },
  ],
};

/**
 * An $11,000 tracking that spent all of it on its holdings, SSS at a higher price ($6,000 for what is now worth
 * $5,000), so its $10,000 of value is fully invested (no cash, nothing owed), then SSS harvested into RRR.
 */
const harvested = (): ActiveTracking => {
  const now = new Date('2026-01-05T15:00:00Z');
  const meta = (eventId: string) => ({ now, eventId, actorUserId: 'u-1' });
  let state: Tracking = initialState();
  const apply = (events: TrackingEvent[]) => {
    for (const event of events) state = evolve(state, event);
  };
  apply(
    decide(
      {
        type: 'CreateTracking',
        data: {
          trackingId: 't-1',
          userId: 'u-1',
          symbol: 'ETF',
          targetAmount: '11000',
          numberOfWeightings: 3,
          plan: 'PRO',
          existingTrackings: 0,
          numberOfWeightingsCap: 3,
        },
        metadata: meta('c'),
      },
      state,
    ),
  );
  apply(
    decide(
      {
        type: 'ExecuteOrders',
        data: {
          orders: [
            { eventId: 'b1', symbol: 'SSS', orderType: 'BUY', shares: '50', price: '100', fillPrice: '120' },
            { eventId: 'b2', symbol: 'RRR', orderType: 'BUY', shares: '60', price: '50' },
            { eventId: 'b3', symbol: 'TTT', orderType: 'BUY', shares: '100', price: '20' },
          ],
        },
        metadata: meta('batch'),
      },
      state,
    ),
  );
  apply(
    decide(
      {
        type: 'HarvestLosses',
        data: {
          symbol: 'SSS',
          replacement: 'RRR',
          price: '100',
          replacementPrice: '50',
          allowedReplacements: ['RRR'],
          washSale: { status: 'clear' },
          sellEventId: 's',
          buyEventId: 'r',
        },
        metadata: meta('h'),
      },
      state,
    ),
  );
  if (state.status !== 'Active') throw new Error('not active');
  return state;
};

const orders = (tracking: ActiveTracking, today: string) =>
  deriveTrackingView(tracking, snapshot, 'PRO', { today }).adjustmentOrders.map(
    (o) => `${o.orderType} ${o.shares} ${o.symbol}`,
  );

describe('A harvested stock in the tracking view', () => {
  it('the replacement stands in inside the window (no order), and from day 31 the orders switch back', () => {
    const tracking = harvested();
    expect(tracking.positions.get('SSS')).toBeUndefined();
    expect(tracking.positions.get('RRR')?.toFixed()).toBe('160');
    expect(orders(tracking, '2026-01-05')).toEqual([]);
    expect(orders(tracking, '2026-02-04')).toEqual([]);
    expect(orders(tracking, '2026-02-05')).toEqual(['BUY 50 SSS', 'SELL 100 RRR']);
  });

  it('a kept replacement keeps standing in after the window', () => {
    const tracking = harvested();
    const kept = decide(
      {
        type: 'KeepReplacement',
        data: { symbol: 'SSS' },
        metadata: { now: new Date('2026-02-06T10:00:00Z'), eventId: 'k', actorUserId: 'u-1' },
      },
      tracking,
    ).reduce<Tracking>(evolve, tracking) as ActiveTracking;
    expect(orders(kept, '2026-03-01')).toEqual([]);
  });
});

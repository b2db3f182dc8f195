import {
  type ActiveTracking,
  decide,
  evolve,
  initialState,
  type Tracking,
  type TrackingCommand,
  type TrackingEvent,
} from '@etf-replicator/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveTrackingView, type TrackingSnapshot } from './derive-tracking-view';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
const SECTORS = ['Energy', 'Health Care', 'Information Technology'] as const;

const created = (targetAmount: string, fractionalShares: boolean): TrackingEvent => ({
  id: 'evt-0',
  type: 'TrackingCreated',
  data: {
    trackingId: 'trk-1',
    userId: 'user-1',
    symbol: 'VOO',
    targetAmount,
    fractionalShares,
    autoTracking: false,
    numberOfWeightings: 8,
    occurredAt: at(0),
  },
});

const buy = (n: number, symbol: string, shares: number, price: string): TrackingEvent => ({
  id: `evt-${n}`,
  type: 'OrderExecuted',
  data: {
    symbol,
    orderType: 'BUY',
    shares: String(shares),
    price,
    amount: (shares * Number(price)).toFixed(2),
    occurredAt: at(n),
  },
});

const active = (state: Tracking): ActiveTracking => {
  if (state.status !== 'Active') throw new Error('not active');
  return state;
};

/** A fund of 3–8 priced holdings with sectors, a tracking that bought some of them, and exclusions to apply. */
const caseArbitrary = fc
  .uniqueArray(
    fc.record({
      symbol: fc.stringMatching(/^[A-Z]{2,4}$/),
      weightPercentage: fc.integer({ min: 1, max: 20_000 }).map((v) => (v / 1000).toString()),
      price: fc.integer({ min: 500, max: 90_000 }).map((v) => (v / 100).toFixed(2)),
      sector: fc.constantFrom(...SECTORS),
    }),
    { minLength: 3, maxLength: 8, selector: (h) => h.symbol },
  )
  .chain((holdings) =>
    fc.record({
      holdings: fc.constant(holdings),
      amount: fc.integer({ min: 5_000, max: 2_000_000 }).map((v) => `${v}.00`),
      fractional: fc.boolean(),
      bought: fc.subarray(holdings.map((h) => h.symbol)),
      symbols: fc.subarray(holdings.map((h) => h.symbol)),
      sectors: fc.subarray([...SECTORS]),
      mode: fc.constantFrom('sell', 'keep'),
    }),
  );

type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

const setUp = (c: Case) => {
  const snapshot: TrackingSnapshot = {
    symbol: 'VOO',
    eventId: null,
    asOf: '2026-01-01',
    holdings: c.holdings,
  };
  let state: Tracking = evolve(initialState(), created(c.amount, c.fractional));
  c.bought.forEach((symbol, i) => {
    state = evolve(state, buy(i + 1, symbol, 1, c.holdings.find((h) => h.symbol === symbol)!.price));
  });
  return { snapshot, state };
};

const excludeCommand = (c: Case, n: number): TrackingCommand => ({
  type: 'ExcludeHoldings',
  data: {
    symbols: c.symbols,
    sectors: c.sectors,
    mode: c.mode,
    plan: 'PRO',
    holdings: c.holdings.map((h) => ({ symbol: h.symbol, sector: h.sector, priced: true })),
  },
  metadata: { now: new Date(at(n)), eventId: `evt-${n}`, actorUserId: 'user-1' },
});

const excluded = (c: Case, symbol: string) =>
  c.symbols.includes(symbol) ||
  (c.sectors as readonly string[]).includes(c.holdings.find((h) => h.symbol === symbol)?.sector ?? '');

describe('deriveTrackingView with exclusions (properties)', () => {
  it('never buys an excluded stock or a stock of an excluded sector; sells or keeps held ones as asked', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { snapshot, state } = setUp(c);
        let events: TrackingEvent[];
        try {
          events = decide(excludeCommand(c, 50), state);
        } catch {
          return; // refused (e.g. everything excluded): nothing to check
        }
        const after = active(events.reduce(evolve, state));
        const view = deriveTrackingView(after, snapshot, 'PRO');
        if (view.degraded) return; // kept shares worth the whole amount: no target, no orders
        for (const order of view.adjustmentOrders) {
          if (excluded(c, order.symbol)) {
            expect(order.orderType).toBe('SELL');
            expect(c.mode).toBe('sell');
          }
        }
        for (const line of view.targetReplication.investments) {
          if (!excluded(c, line.symbol)) continue;
          // Only kept shares may remain in the target, exactly as held.
          expect(c.mode).toBe('keep');
          expect(line.numberOfShares).toBe(after.positions.get(line.symbol)!.toFixed());
        }
        if (c.mode === 'sell') {
          for (const symbol of c.bought.filter((s) => excluded(c, s)))
            expect(view.adjustmentOrders).toContainEqual({ symbol, orderType: 'SELL', shares: '1' });
        }
      }),
      { numRuns: 120 },
    );
  });

  it('excluding nothing changes nothing, and a revert restores the previous exclusions and orders exactly', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { snapshot, state } = setUp(c);
        const before = deriveTrackingView(active(state), snapshot, 'PRO');
        expect(before.exclusions!.etfReplicationRate).toBe(before.exclusions!.etfReplicationRateWithout);
        let events: TrackingEvent[];
        try {
          events = decide(excludeCommand(c, 50), state);
        } catch {
          return;
        }
        fc.pre(events.length === 1);
        const excludedState = events.reduce(evolve, state);
        const [revert] = decide(
          {
            type: 'RevertAction',
            data: { actionId: events[0]!.id },
            metadata: { now: new Date(at(51)), eventId: 'evt-51', actorUserId: 'user-1' },
          },
          excludedState,
        );
        const reverted = active(evolve(excludedState, revert!));
        expect(reverted.exclusions).toEqual(active(state).exclusions);
        const after = deriveTrackingView(reverted, snapshot, 'PRO');
        expect(after.adjustmentOrders).toEqual(before.adjustmentOrders);
        expect(after.targetReplication).toEqual(before.targetReplication);
        expect(after.exclusions).toEqual(before.exclusions);
      }),
      { numRuns: 120 },
    );
  });
});

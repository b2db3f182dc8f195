import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, dec } from '../shared/decimal';
import { at, created, event } from '../testing/tracking-fixtures';
import { decide } from './decide';
import { type OrderExecuted, type TrackingEvent, toTrackingEvent } from './events';
import { evolve, initialState, type Tracking } from './state';

/* Properties of corporate actions (issue 32 "Done means"): a split never changes a holding's value or a lot's basis. */

/** Ratios whose inverse is a terminating decimal: cost ÷ ratio is exact, so basis is compared exactly. */
const RATIOS = ['2', '4', '5', '10', '20', '0.5', '0.25', '0.2', '0.1', '0.05', '0.125', '1.25'];

const buyArb = fc.record({
  symbol: fc.constantFrom('NFLX', 'AAPL'),
  shares: fc.integer({ min: 1, max: 500 }).map(String),
  price: fc.integer({ min: 1, max: 200_000 }).map((cents) => new D(cents).div(100).toFixed()),
  day: fc.integer({ min: 1, max: 28 }),
  month: fc.constantFrom('10', '11', '12'),
});

type BuyInput = typeof buyArb extends fc.Arbitrary<infer T> ? T : never;

const buildState = (buys: readonly BuyInput[]): Tracking =>
  buys
    .map((b, i) =>
      event<OrderExecuted>(i + 1, 'OrderExecuted', {
        symbol: b.symbol,
        orderType: 'BUY',
        shares: b.shares,
        price: b.price,
        amount: dec(b.shares).mul(b.price).toFixed(2),
        executedAt: `2025-${b.month}-${String(b.day).padStart(2, '0')}`,
      }),
    )
    .reduce(
      evolve,
      evolve(initialState(), created({ targetAmount: '100000000.00', fractionalShares: true })),
    );

const active = (state: Tracking) => {
  if (state.status !== 'Active') throw new Error('expected an active tracking');
  return state;
};

/** Round-trips the events through their zod schemas, as the store does. */
const stored = (events: readonly TrackingEvent[]) =>
  events.map((e) => toTrackingEvent({ id: e.id, type: e.type, data: JSON.parse(JSON.stringify(e.data)) }));

const split = (state: Tracking, ratio: string) =>
  stored(
    decide(
      {
        type: 'ApplyCorporateAction',
        data: {
          actionId: 'ca-1',
          type: 'SPLIT',
          symbol: 'NFLX',
          toSymbol: null,
          ratio,
          basisFraction: null,
          effectiveOn: '2025-11-17',
        },
        metadata: { now: new Date(at(900)), eventId: 'evt-900' },
      },
      state,
    ),
  );

const snapshotOf = (state: Tracking) =>
  active(state).lots.map((lot) => [
    lot.lotId,
    lot.symbol,
    lot.shares.toFixed(),
    lot.costPerShare.toFixed(),
    lot.acquiredAt,
  ]);

describe('A split (property)', () => {
  it("never changes a lot's total basis or acquired date, nor a holding's value at the adjusted price", () => {
    fc.assert(
      fc.property(
        fc.array(buyArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...RATIOS),
        fc.integer({ min: 1, max: 200_000 }),
        (buys, ratio, priceCents) => {
          const before = buildState(buys);
          const after = split(before, ratio).reduce(evolve, before);
          const price = new D(priceCents).div(100);
          for (const lot of active(before).lots) {
            const covered = lot.symbol === 'NFLX' && lot.acquiredAt < '2025-11-17';
            const now = active(after).lots.find((l) => l.lotId === lot.lotId);
            expect(now?.acquiredAt).toBe(lot.acquiredAt);
            expect(now?.shares.mul(now.costPerShare).eq(lot.shares.mul(lot.costPerShare))).toBe(true);
            expect(now?.shares.eq(covered ? lot.shares.mul(ratio) : lot.shares)).toBe(true);
            // The covered shares' value at the pre-split price equals their value at price ÷ ratio.
            if (covered) expect(now?.shares.mul(price.div(ratio)).eq(lot.shares.mul(price))).toBe(true);
          }
          // Positions still equal the lots per symbol.
          for (const [symbol, shares] of active(after).positions) {
            const inLots = active(after)
              .lots.filter((l) => l.symbol === symbol)
              .reduce((s, l) => s.add(l.shares), dec('0'));
            expect(inLots.eq(shares)).toBe(true);
          }
          expect(active(after).cash.eq(active(before).cash)).toBe(true);
        },
      ),
    );
  });

  it('is reverted to exactly the lots, positions and last prices it found', () => {
    fc.assert(
      fc.property(
        fc.array(buyArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...RATIOS, '1.5', '3', '7'),
        (buys, ratio) => {
          const before = buildState(buys);
          const applied = split(before, ratio);
          const after = applied.reduce(evolve, before);
          if (applied.length === 0) return;
          const reverts = stored(
            decide(
              {
                type: 'RevertAction',
                data: { actionId: 'evt-900' },
                metadata: { now: new Date(at(901)), eventId: 'evt-901', actorUserId: 'user-1' },
              },
              after,
            ),
          );
          const reverted = reverts.reduce(evolve, after);
          expect(snapshotOf(reverted)).toEqual(snapshotOf(before));
          expect([...active(reverted).positions]).toEqual([...active(before).positions]);
          expect([...active(reverted).lastPrices]).toEqual([...active(before).lastPrices]);
          // The read side folds without the history: the same lots.
          const historyless = reverts.reduce(evolve, { ...active(after), actions: [] });
          expect(snapshotOf(historyless)).toEqual(snapshotOf(before));
        },
      ),
    );
  });
});

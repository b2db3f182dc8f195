import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from '../../shared/decimal';
import { isDomainError } from '../../shared/domain-error';
import { nflxSplit } from '../../testing/corporate-action-fixtures';
import { command, created } from '../../testing/tracking-fixtures';
import type { ExecuteOrder, ExecuteOrders } from '../commands';
import type { TrackingEvent } from '../events';
import { evolve, initialState, type Tracking } from '../state';
import { type ActionsToFollow, decideFollowingActions } from './backdated-buys';

/*
 * Issue 32: BUYs and SELLs of a stock dated around its recorded split, in date order, give the same events and the
 * same tracking whether they come in one batch or are recorded one by one (each a request of its own, each BUY
 * followed by the actions it predates): a SELL in a batch sees the lots a BUY before it left, split.
 */

const RATIOS = ['2', '4', '5', '10', '0.5', '0.25'];
const TODAY = '2026-01-01'; // the fixtures' clock
const orderArb = fc.record({
  orderType: fc.constantFrom('BUY' as const, 'SELL' as const),
  // Whole and fractional shares, 0.25 to 20.
  shares: fc.integer({ min: 1, max: 80 }).map((quarters) => new D(quarters).div(4).toFixed()),
  price: fc.integer({ min: 1, max: 200_000 }).map((cents) => new D(cents).div(100).toFixed(2)),
  // Oct 20 to Dec 9, 2025, around the split of Nov 17.
  tradeDate: fc
    .integer({ min: 0, max: 50 })
    .map((offset) => new Date(Date.UTC(2025, 9, 20 + offset)).toISOString().slice(0, 10)),
});
type Order = ExecuteOrder['data'] & { eventId: string };

const start: Tracking = evolve(
  initialState(),
  created({ targetAmount: '100000000.00', fractionalShares: true, occurredAt: '2025-10-01T15:00:00.000Z' }),
);

/** The events, or the refusal's code (a refused batch records nothing; nor does the one-by-one at its refusal). */
const outcome = (run: () => TrackingEvent[]): TrackingEvent[] | string => {
  try {
    return run();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return error.code;
  }
};

describe('Orders dated around a split: one batch equals one by one in date order (property)', () => {
  it('same events (ids included), same lots, positions and cash; or both refused with the same code', () => {
    let recorded = 0;
    fc.assert(
      fc.property(
        fc.array(orderArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...RATIOS),
        (raw, ratio) => {
          const follow: ActionsToFollow = {
            actions: [nflxSplit({ actionId: 'ca-1', ratio })],
            today: TODAY,
            eventIdOf: (actionId, lotIds) => [actionId, ...lotIds].join('/'),
          };
          const orders: Order[] = [...raw]
            .sort((a, b) => (a.tradeDate < b.tradeDate ? -1 : a.tradeDate > b.tradeDate ? 1 : 0))
            .map(({ tradeDate, ...order }, i) => ({
              ...order,
              symbol: 'NFLX',
              executedAt: tradeDate,
              eventId: `ord-${i}`,
            }));
          const batch = outcome(() =>
            decideFollowingActions(command<ExecuteOrders>('ExecuteOrders', { orders }, 5), start, follow),
          );
          const oneByOne = outcome(() => {
            let state = start;
            return orders.flatMap(({ eventId, ...order }) => {
              const single = command<ExecuteOrder>('ExecuteOrder', order, 5);
              const events = decideFollowingActions(
                { ...single, metadata: { ...single.metadata, eventId } },
                state,
                follow,
              );
              state = events.reduce(evolve, state);
              return events;
            });
          });
          expect(batch).toEqual(oneByOne);
          if (typeof batch === 'string') return;
          recorded += 1;
          const state = batch.reduce(evolve, start);
          if (state.status !== 'Active') throw new Error('expected an active tracking');
          // Every lot bought before the split and recorded in this batch was split once, right after its BUY.
          const applied = batch.filter((event) => event.type === 'CorporateActionApplied');
          const backdated = orders.filter(
            (o) => o.orderType === 'BUY' && (o.executedAt ?? TODAY) < '2025-11-17',
          );
          expect(applied.map((event) => event.data.lotsBefore.map((lot) => lot.lotId))).toEqual(
            backdated.map((o) => [o.eventId]),
          );
          const held = state.lots.reduce((sum, lot) => sum.add(lot.shares), new D(0));
          expect(state.positions.get('NFLX')?.eq(held) ?? held.isZero()).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // Not vacuous: batches that were recorded, not only refused ones.
    expect(recorded).toBeGreaterThan(30);
  });
});

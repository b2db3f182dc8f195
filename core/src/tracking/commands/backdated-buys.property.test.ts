import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, dec } from '../../shared/decimal';
import { buildLedger } from '../../tax/ledger';
import { ledgerFactsOf } from '../../tax/ledger-facts';
import { nflxSplit } from '../../testing/corporate-action-fixtures';
import { at, created, event } from '../../testing/tracking-fixtures';
import { decide } from '../decide';
import type { OrderExecuted, TrackingEvent } from '../events';
import { evolve, initialState, type Tracking } from '../state';
import { backdatedBuys, followRecordedActions } from './backdated-buys';

/*
 * Issue 32: whatever order BUYs dated around a split are recorded in — before the split is recorded (the
 * application on record covers them) or after (each BUY's own application) — every lot held on the effective date
 * is split exactly once, its basis unchanged, the holding's value unchanged; the tax ledger agrees lot by lot.
 */

/** Ratios whose inverse is a terminating decimal: cost ÷ ratio is exact, so basis is compared exactly. */
const RATIOS = ['2', '4', '5', '10', '20', '0.5', '0.25', '0.2', '0.1', '0.125'];
const EFFECTIVE_ON = '2025-11-17';
const TODAY = '2026-01-01';

const dayArb = fc
  .integer({ min: 0, max: 50 })
  .map((offset) => new Date(Date.UTC(2025, 9, 20 + offset)).toISOString().slice(0, 10));
const buyArb = fc.record({
  shares: fc.integer({ min: 1, max: 500 }).map(String),
  price: fc.integer({ min: 1, max: 200_000 }).map((cents) => new D(cents).div(100).toFixed()),
  tradeDate: dayArb,
});

const active = (state: Tracking) => {
  if (state.status !== 'Active') throw new Error('expected an active tracking');
  return state;
};

describe('BUYs dated around a split, recorded in any order (property)', () => {
  it('every lot held on the effective date is split exactly once; basis and value unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(buyArb, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.constantFrom(...RATIOS),
        fc.integer({ min: 1, max: 200_000 }),
        (buys, recordAtSeed, ratio, priceCents) => {
          const action = nflxSplit({ actionId: 'ca-1', ratio, effectiveOn: EFFECTIVE_ON });
          // The split is recorded before the BUY at this index (buys.length: after all of them).
          const recordAt = recordAtSeed % (buys.length + 1);
          const events: TrackingEvent[] = [created({ targetAmount: '100000000.00', fractionalShares: true })];
          let state = evolve(initialState(), events[0] as TrackingEvent);
          const push = (list: readonly TrackingEvent[]) => {
            events.push(...list);
            state = list.reduce(evolve, state);
          };
          const record = () =>
            push(
              decide(
                {
                  type: 'ApplyCorporateAction',
                  data: action,
                  metadata: { now: new Date(at(900)), eventId: 'evt-900' },
                },
                state,
              ),
            );
          buys.forEach((b, i) => {
            if (i === recordAt) record();
            const order = event<OrderExecuted>(i + 1, 'OrderExecuted', {
              symbol: 'NFLX',
              orderType: 'BUY',
              shares: b.shares,
              price: b.price,
              amount: dec(b.shares).mul(b.price).toFixed(2),
              executedAt: b.tradeDate,
            });
            push([order]);
            if (i >= recordAt)
              push(
                followRecordedActions(state, backdatedBuys([order], TODAY), [action], {
                  now: new Date(at(i + 1)),
                  today: TODAY,
                  eventIdOf: (id, lotIds) => [id, ...lotIds].join('/'),
                }),
              );
          });
          if (recordAt === buys.length) record();

          const price = new D(priceCents).div(100);
          const ledger = buildLedger(ledgerFactsOf('trk-1', events));
          buys.forEach((b, i) => {
            const lotId = `evt-${i + 1}`;
            const covered = b.tradeDate < EFFECTIVE_ON;
            const applications = events.filter(
              (e) =>
                e.type === 'CorporateActionApplied' && e.data.lotsBefore.some((lot) => lot.lotId === lotId),
            );
            expect(applications.length).toBe(covered ? 1 : 0);
            const lot = active(state).lots.find((l) => l.lotId === lotId);
            expect(lot?.shares.eq(covered ? dec(b.shares).mul(ratio) : dec(b.shares))).toBe(true);
            expect(lot?.shares.mul(lot.costPerShare).eq(dec(b.shares).mul(b.price))).toBe(true);
            expect(lot?.acquiredAt).toBe(b.tradeDate);
            // Value at the adjusted price equals the value of the shares bought at the unadjusted one.
            if (covered) expect(lot?.shares.mul(price.div(ratio)).eq(dec(b.shares).mul(price))).toBe(true);
            const inLedger = ledger.openLots.find((l) => l.lotId === lotId);
            expect(inLedger?.shares.eq(lot?.shares ?? -1)).toBe(true);
            expect(inLedger?.basis?.eq(dec(b.shares).mul(b.price))).toBe(true);
          });
          const held = active(state).lots.reduce((sum, lot) => sum.add(lot.shares), dec('0'));
          expect(active(state).positions.get('NFLX')?.eq(held)).toBe(true);
        },
      ),
    );
  });
});

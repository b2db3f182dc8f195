import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Decimal, dec, sumDecimals, ZERO } from '../shared/decimal';
import { buy, facts, sell, type Unnumbered } from '../testing/ledger-fixtures';
import type { Lot } from '../tracking/lots';
import { addDays } from './dates';
import { taxPartsOf } from './harvest-tax-parts';
import { lossLotCloses, lossLotsOf } from './harvesting';
import { buildLedger } from './ledger';
import { closeOrder } from './ledger-parts';
import type { TradeFact } from './ledger-types';

const START = '2025-06-02';
const TODAY = addDays(START, 140);
const cents = (n: number) => dec(String(n)).div(100);

/** Buys of one stock (some of unknown cost), some partly sold later at a random price: wash sales split lots. */
const history = fc.array(
  fc.record({
    shares: fc.integer({ min: 1, max: 40 }),
    cost: fc.option(fc.integer({ min: 1_000, max: 20_000 }), { freq: 6 }),
    day: fc.integer({ min: 0, max: 90 }),
    sale: fc.option(
      fc.record({
        fraction: fc.integer({ min: 1, max: 4 }),
        after: fc.integer({ min: 0, max: 40 }),
        price: fc.integer({ min: 1_000, max: 20_000 }),
      }),
    ),
  }),
  { minLength: 1, maxLength: 7 },
);

describe('harvest candidates by the ledger basis (property)', () => {
  it('the loss named is the loss the ledger realises when the named shares are sold, all of it at a loss', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 1_000, max: 20_000 }), (raw, priceCents) => {
        const list: Unnumbered<TradeFact>[] = [];
        const lots: Lot[] = [];
        raw.forEach((entry, i) => {
          const on = addDays(START, entry.day);
          const cost = entry.cost === null ? null : cents(entry.cost).toFixed();
          list.push(buy(`b${i}`, 'S', String(entry.shares), cost, on));
          // Sell a quarter to all of the lot (at least one share).
          const sold = entry.sale ? Math.max(1, Math.floor((entry.shares * entry.sale.fraction) / 4)) : 0;
          if (entry.sale)
            list.push(
              sell(`s${i}`, 'S', cents(entry.sale.price).toFixed(), addDays(on, entry.sale.after), [
                [`b${i}`, String(sold)],
              ]),
            );
          if (entry.shares > sold)
            lots.push({
              lotId: `b${i}`,
              symbol: 'S',
              shares: dec(String(entry.shares - sold)),
              costPerShare: cents(entry.cost ?? 10_000),
              acquiredAt: on,
              costKnown: entry.cost !== null,
              dateKnown: true,
            });
        });
        const known = facts(...list);
        const parts = taxPartsOf(buildLedger(known).openLots);
        const price = cents(priceCents);
        const found = lossLotsOf(lots, 'S', price, TODAY, parts);

        // Spec: from each lot, the leading parts in close order that have a known basis above their proceeds.
        const expected = new Map<string, Decimal>();
        for (const held of lots) {
          let shares = ZERO;
          for (const part of closeOrder(parts.get(held.lotId) ?? [], (part) => part.adjusted)) {
            if (part.basis === null || !part.basis.gt(part.shares.mul(price))) break;
            shares = shares.add(part.shares);
          }
          if (shares.gt(0)) expected.set(held.lotId, shares);
        }
        const closes = found ? lossLotCloses(found.lots) : [];
        expect(closes.map((c) => [c.lotId, c.shares.toFixed()])).toEqual(
          [...expected].map(([lotId, shares]) => [lotId, shares.toFixed()]),
        );
        if (!found) return;

        // The ledger, told to sell those shares today at the price, realises exactly the candidate's loss and terms.
        const harvest = { ...sell('h', 'S', price.toFixed(), TODAY, []), closes, seq: known.length };
        const rows = buildLedger([...known, harvest]).closedRows.filter((row) => row.saleId === 'h');
        const lossOf = (row: (typeof rows)[number]) => (row.basis ?? ZERO).sub(row.proceeds);
        expect(rows.every((row) => row.basis !== null && lossOf(row).gt(0))).toBe(true);
        expect(sumDecimals(rows.map(lossOf)).eq(found.loss)).toBe(true);
        const byTerm = (term: string) => sumDecimals(rows.filter((r) => r.term === term).map(lossOf));
        expect([byTerm('SHORT').toFixed(), byTerm('LONG').toFixed()]).toEqual([
          found.shortTermLoss.toFixed(),
          found.longTermLoss.toFixed(),
        ]);
      }),
      { numRuns: 300 },
    );
  });
});

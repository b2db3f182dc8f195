import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Decimal, dec, sumDecimals, ZERO } from '../shared/decimal';
import { buy, facts, sell, type Unnumbered } from '../testing/ledger-fixtures';
import { addDays } from './dates';
import { form8949 } from './form-8949';
import { buildLedger } from './ledger';
import { previewSale } from './ledger-preview';
import type { AcquisitionFact, SaleFact, TradeFact } from './ledger-types';

/**
 * Random histories of one investor: buys and sells of GOOG, GOOGL (one security for the rule) and MSFT across three
 * trackings, buys sometimes recorded late (dated a few days back), reverted orders as facts left out, every lot
 * closed at the end. Whatever the wash sales, losses are only deferred: the reported gains add up to proceeds − cost.
 */

const SYMBOLS = ['GOOG', 'GOOGL', 'MSFT'] as const;
const START = '2025-01-01';

const opArb = fc.record({
  kind: fc.constantFrom('BUY', 'BUY', 'SELL'),
  tracking: fc.integer({ min: 0, max: 2 }),
  symbol: fc.integer({ min: 0, max: 2 }),
  tenths: fc.integer({ min: 1, max: 200 }),
  cents: fc.integer({ min: 100, max: 20_000 }),
  dayStep: fc.integer({ min: 0, max: 15 }),
  back: fc.integer({ min: 0, max: 4 }),
  pick: fc.nat({ max: 1000 }),
  /** About one order in five is reverted. */
  reverted: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
});
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

type SimLot = { lotId: string; tracking: string; symbol: string; shares: Decimal; acquiredOn: string };

/** Turns random operations into consistent facts: sales only close lots held on their trade date. */
const history = (ops: readonly Op[], finalCents: readonly number[]) => {
  const list: Unnumbered<TradeFact>[] = [];
  const open: SimLot[] = [];
  let day = 0;
  ops.forEach((op, n) => {
    day += op.dayStep;
    if (op.reverted) return; // a reverted order is a fact left out
    const tracking = `t${op.tracking}`;
    const symbol = SYMBOLS[op.symbol] as string;
    const price = dec(String(op.cents)).div(100).toFixed();
    if (op.kind === 'BUY') {
      const acquiredOn = addDays(START, Math.max(0, day - op.back));
      const shares = dec(String(op.tenths)).div(10);
      list.push(buy(`b${n}`, symbol, shares.toFixed(), price, acquiredOn, tracking));
      open.push({ lotId: `b${n}`, tracking, symbol, shares, acquiredOn });
      return;
    }
    const soldOn = addDays(START, day);
    const held = open.filter(
      (lot) => lot.tracking === tracking && lot.symbol === symbol && lot.acquiredOn <= soldOn,
    );
    if (held.length === 0) return;
    const count = 1 + (op.pick % held.length);
    const closes: [string, string][] = [];
    for (let i = 0; i < count; i += 1) {
      const lot = held[(op.pick + i) % held.length] as SimLot;
      const shares = (op.pick + i) % 3 === 0 ? lot.shares.div(2) : lot.shares;
      closes.push([lot.lotId, shares.toFixed()]);
      lot.shares = lot.shares.sub(shares);
    }
    list.push(sell(`s${n}`, symbol, price, soldOn, closes, tracking));
    for (let i = open.length - 1; i >= 0; i -= 1) if ((open[i] as SimLot).shares.isZero()) open.splice(i, 1);
  });
  const lastDay = addDays(START, day + 1);
  open.forEach((lot, i) => {
    const cents = finalCents[i % finalCents.length] as number;
    list.push(
      sell(
        `f${i}`,
        lot.symbol,
        dec(String(cents)).div(100).toFixed(),
        lastDay,
        [[lot.lotId, lot.shares.toFixed()]],
        lot.tracking,
      ),
    );
  });
  return facts(...list);
};

const historyArb = fc
  .tuple(
    fc.array(opArb, { minLength: 1, maxLength: 40 }),
    fc.array(fc.integer({ min: 100, max: 20_000 }), { minLength: 1, maxLength: 5 }),
  )
  .map(([ops, finals]) => history(ops, finals));

const costOf = (all: readonly TradeFact[]) =>
  sumDecimals(
    all.flatMap((fact) =>
      fact.kind === 'ACQUIRE' && fact.costPerShare ? [fact.costPerShare.mul(fact.shares)] : [],
    ),
  );

describe('The wash-sale ledger over random histories', () => {
  it('defers losses, never loses or creates them: once every lot is closed, Σ gain = Σ proceeds − Σ cost', () => {
    fc.assert(
      fc.property(historyArb, (all) => {
        const ledger = buildLedger(all);
        expect(ledger.openLots).toEqual([]);
        const gains = sumDecimals(ledger.closedRows.map((row) => row.gain ?? ZERO));
        const proceeds = sumDecimals(ledger.closedRows.map((row) => row.proceeds));
        expect(gains.toFixed()).toBe(proceeds.sub(costOf(all)).toFixed());
      }),
      { numRuns: 300 },
    );
  });

  it('carries into lots exactly the losses its rows disallow', () => {
    fc.assert(
      fc.property(historyArb, (all) => {
        const ledger = buildLedger(all);
        const disallowed = sumDecimals(ledger.closedRows.map((row) => row.adjustment));
        const carried = sumDecimals(
          [...ledger.adjustmentsByLot.values()].flat().map((entry) => entry.amount),
        );
        expect(disallowed.toFixed()).toBe(carried.toFixed());
        for (const row of ledger.closedRows) expect(row.code === 'W').toBe(row.adjustment.gt(0));
      }),
      { numRuns: 300 },
    );
  });

  it('never closes a lot before its trade date', () => {
    fc.assert(
      fc.property(historyArb, (all) => {
        const acquired = new Map(
          all
            .filter((fact): fact is AcquisitionFact => fact.kind === 'ACQUIRE')
            .map((fact) => [fact.lotId, fact]),
        );
        for (const row of buildLedger(all).closedRows) {
          const on = acquired.get(row.lotId)?.acquiredOn;
          expect(on !== undefined && on !== null && on <= row.soldOn).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes every Form 8949 line so that (h) = (d) − (e) + (g)', () => {
    fc.assert(
      fc.property(historyArb, (all) => {
        for (const section of form8949(buildLedger(all).closedRows)) {
          for (const line of section.lines) {
            const h = dec(line.proceeds).sub(dec(line.basis)).add(dec(line.adjustment));
            expect(line.gain).toBe(h.toFixed(2));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('changes no row for a buy outside every window', () => {
    fc.assert(
      fc.property(historyArb, fc.boolean(), fc.integer({ min: 0, max: 2 }), (all, after, symbol) => {
        const dates = all.map((fact) =>
          fact.kind === 'SELL' ? fact.soldOn : fact.kind === 'ACQUIRE' ? fact.acquiredOn : null,
        );
        const known = dates.filter((date): date is string => date !== null).sort();
        const on = after ? addDays(known[known.length - 1] ?? START, 31) : addDays(known[0] ?? START, -31);
        const extra = buy('outside', SYMBOLS[symbol] as string, '7', '55.5', on, 't1');
        const seq = all.length;
        const before = buildLedger(all);
        const withBuy = buildLedger([...all, { ...extra, seq }]);
        expect(withBuy.closedRows).toEqual(before.closedRows);
        expect(withBuy.windows).toEqual(before.windows);
      }),
      { numRuns: 200 },
    );
  });

  it('previews a sale from the open lots exactly as folding it into the history would', () => {
    fc.assert(
      fc.property(historyArb, (all) => {
        // The closing sales (ids f…) come last on the last day: preview the first one on the history before them.
        const isFinal = (fact: TradeFact): fact is SaleFact =>
          fact.kind === 'SELL' && fact.saleId.startsWith('f');
        const base = all.filter((fact) => !isFinal(fact));
        const sale = all.find(isFinal);
        if (!sale) return;
        const preview = previewSale(buildLedger(base), base, sale);
        const folded = buildLedger([...base, sale]).closedRows.filter((row) => row.saleId === sale.saleId);
        expect(JSON.stringify(preview.rows)).toBe(JSON.stringify(folded));
        const adjustments = sumDecimals(folded.map((row) => row.adjustment));
        expect(preview.disallowed.toFixed()).toBe(adjustments.toFixed());
      }),
      { numRuns: 300 },
    );
  });
});

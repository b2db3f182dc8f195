import { addDays, dec } from '@etf-replicator/core';
import { buildLedger } from '@etf-replicator/core/tax/ledger';
import type { TradeFact } from '@etf-replicator/core/tax/ledger-types';
import { buy, sell } from '@etf-replicator/core/testing/ledger-fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyGrown,
  extendInvestorFacts,
  type FactParts,
  type Grown,
  grow,
  InvestorFacts,
  SEQ_PER_TRACKING,
} from './investor-facts';

/**
 * The investor's facts kept incrementally (commands append a few facts to one tracking at a time) against the same
 * facts gathered from scratch as the ledger did before issue 28: every tracking's facts, renumbered by its position,
 * one tracking after another. The ledger folded from either must be the same, and so must the answers the command
 * path reads without a scan.
 */

const START = '2026-01-05';
const opArb = fc.record({
  tracking: fc.integer({ min: 0, max: 2 }),
  sell: fc.boolean(),
  dayStep: fc.integer({ min: 0, max: 20 }),
  cents: fc.integer({ min: 1_000, max: 30_000 }),
  /** A command boundary after this fact: the investor's facts are brought up to date here. */
  commit: fc.boolean(),
  /** A racing request extends the previous value too (its result is thrown away). */
  race: fc.boolean(),
});
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

/** Facts of each tracking, numbered within it; sells close the tracking's oldest open lot. */
const factsOf = (ops: readonly Op[]): TradeFact[][] => {
  const lists: TradeFact[][] = [[], [], []];
  const open: { lotId: string; tracking: number }[] = [];
  let day = 0;
  ops.forEach((op, n) => {
    day += op.dayStep;
    const list = lists[op.tracking] as TradeFact[];
    const price = dec(String(op.cents)).div(100).toFixed();
    const on = addDays(START, day);
    const held = open.findIndex((lot) => lot.tracking === op.tracking);
    if (op.sell && held >= 0) {
      const [lot] = open.splice(held, 1);
      const fact = sell(`s${n}`, 'GOOGL', price, on, [[lot?.lotId ?? '', '1']], `t${op.tracking}`);
      list.push({ ...fact, seq: list.length });
    } else {
      list.push({
        ...buy(`b${n}`, n % 2 ? 'GOOG' : 'GOOGL', '1', price, on, `t${op.tracking}`),
        seq: list.length,
      });
      open.push({ lotId: `b${n}`, tracking: op.tracking });
    }
  });
  return lists;
};

const fromScratch = (lists: readonly TradeFact[][]): TradeFact[] =>
  lists.flatMap((own, index) => own.map((fact) => ({ ...fact, seq: index * SEQ_PER_TRACKING + fact.seq })));

describe('the investor facts kept incrementally', () => {
  it('equal the facts gathered from scratch, and fold to the same ledger', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        const lists = factsOf(ops);
        // Replays the facts as commands append them: each tracking's list grows in place, a tracking appears with
        // its first fact (the trackings keep their creation order), and the investor's facts follow at each commit.
        const grown: Grown<TradeFact>[] = [];
        const taken = [0, 0, 0];
        let previous: { log: InvestorFacts; parts: FactParts } | undefined;
        const order: number[] = [];
        ops.forEach((op, n) => {
          if (!order.includes(op.tracking)) order.push(op.tracking);
          if (!op.commit && n < ops.length - 1) return;
          for (const tracking of order) {
            const list = lists[tracking] as TradeFact[];
            const upTo = ops.slice(0, n + 1).filter((o) => o.tracking === tracking).length;
            grown[tracking] = grow(grown[tracking] ?? emptyGrown(), list.slice(taken[tracking], upTo));
            taken[tracking] = upTo;
          }
          const parts = order.map((tracking) => ({
            trackingId: `t${tracking}`,
            facts: grown[tracking] as Grown<TradeFact>,
          }));
          if (op.race && previous) extendInvestorFacts(previous, parts);
          previous = { log: extendInvestorFacts(previous, parts), parts };
        });
        const log = previous?.log as InvestorFacts;
        const expected = fromScratch(order.map((tracking) => lists[tracking] as TradeFact[]));

        expect(log.all).toEqual(expected);
        expect(buildLedger(log.all)).toEqual(buildLedger(expected));
        const sales = expected.flatMap((fact) => (fact.kind === 'SELL' ? [fact.soldOn] : []));
        expect([...log.saleDates()].sort()).toEqual(sales.toSorted());
        expect(log.latestSoldOn).toBe(sales.toSorted().at(-1) ?? '');
        for (const fact of expected)
          if (fact.kind === 'ACQUIRE') expect(log.acquiredOn(fact.lotId)).toBe(fact.acquiredOn);
      }),
      { numRuns: 200 },
    );
  });

  it('leave an earlier value as it was when a later one is extended', () => {
    // t0 buys b0 then sells it; the value taken after the buy still lists one fact and no sale.
    const b0 = { ...buy('b0', 'MSFT', '2', '100', '2026-02-02', 't0'), seq: 0 };
    const s1 = { ...sell('s1', 'MSFT', '90', '2026-02-03', [['b0', '2']], 't0'), seq: 1 };
    const first = InvestorFacts.empty().with(0, [b0]);
    const second = first.with(0, [s1]);
    const racing = first.with(0, [{ ...s1, saleId: 's2' }]);
    expect(first.all).toEqual([b0]);
    expect(first.latestSoldOn).toBe('');
    expect(second.all).toEqual([b0, s1]);
    expect(second.latestSoldOn).toBe('2026-02-03');
    expect(racing.all.map((fact) => (fact.kind === 'SELL' ? fact.saleId : ''))).toEqual(['', 's2']);
  });
});

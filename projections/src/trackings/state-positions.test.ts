import { dec } from '@etf-replicator/core';
import { PersistentMap } from '@etf-replicator/core/shared/persistent-map';
import type Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY, foldPositions, type PositionColumns, positionColumns } from './state-positions';

/**
 * tracking_states rows hold all the positions only on checkpoints and the changes otherwise (issue 28): folding the
 * rows forward from any checkpoint must give, row by row, exactly the positions the fold had after each event.
 */

const held = (positions: ReadonlyMap<string, Decimal>) =>
  Object.fromEntries(
    [...positions].filter(([, shares]) => !shares.isZero()).map(([s, n]) => [s, n.toFixed()]),
  );

const stepArb = fc.record({
  symbol: fc.constantFrom('AAPL', 'MSFT', 'NVDA', 'AMZN', '__proto__'),
  /** New shares: 0 closes (kept in the map at zero or removed), else a value that may equal the old one. */
  shares: fc.constantFrom('0', '1', '2.5', '2.50', '10'),
  removeAtZero: fc.boolean(),
  /** Revisions an event skipped (no row written: a recorded event the projector could not parse). */
  skip: fc.nat({ max: 3 }),
  readOlder: fc.boolean(),
});

describe('tracking_states positions', () => {
  it('fold back to every row’s positions from any checkpoint, over random orders and skipped revisions', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 300 }), fc.boolean(), (steps, persistent) => {
        // core's fold keeps positions in a PersistentMap (its changes are followed); a plain Map is compared whole.
        let positions: ReadonlyMap<string, Decimal> = persistent ? PersistentMap.empty() : new Map();
        const set = (symbol: string, shares: Decimal | undefined) => {
          if (positions instanceof PersistentMap) return positions.with(symbol, shares);
          const next = new Map(positions);
          if (shares === undefined) next.delete(symbol);
          else next.set(symbol, shares);
          return next;
        };
        let previous: ReadonlyMap<string, Decimal> | undefined;
        let revision = 0;
        const rows: (PositionColumns & { revision: number })[] = [];
        const expected: Record<string, string>[] = [];
        for (const step of steps) {
          // The fold keeps the untouched Decimals (same objects).
          positions = set(
            step.symbol,
            step.shares === '0' && step.removeAtZero ? undefined : dec(step.shares),
          );
          if (step.readOlder) new Map(previous ?? []); // reading an older version re-points a PersistentMap
          rows.push({ revision, ...positionColumns(revision, positions, previous) });
          expected.push(held(positions));
          previous = positions;
          revision += 1 + step.skip;
        }
        expect(rows[0]?.positions).not.toBeNull();
        for (const [start, row] of rows.entries()) {
          if (row.positions === null) continue;
          const folded = foldPositions(rows.slice(start)).map((r) => ({ ...r.positions }));
          expect(folded).toEqual(expected.slice(start));
        }
      }),
    );
  });

  it('stores only the changes between checkpoints, and all the positions on one', () => {
    // Worked example: 1 AAPL and 2 MSFT held at revision 1. Revision 2 buys 1 more AAPL (2 in all) and sells the 2
    // MSFT: its row holds {AAPL: "2", MSFT: "0"}, not the unchanged NVDA. Revision 64 is a checkpoint: all of them.
    const nvda = dec('5');
    const before = new Map([
      ['AAPL', dec('1')],
      ['MSFT', dec('2')],
      ['NVDA', nvda],
    ]);
    const after = new Map([
      ['AAPL', dec('2')],
      ['MSFT', dec('0')],
      ['NVDA', nvda],
    ]);
    expect(positionColumns(2, after, before)).toEqual({
      positions: null,
      positionChanges: { AAPL: '2', MSFT: '0' },
    });
    expect(positionColumns(CHECKPOINT_EVERY, after, before)).toEqual({
      positions: { AAPL: '2', NVDA: '5' },
      positionChanges: null,
    });
    // 2.50 is the 2.5 held: not a change. A tracking's first row is always a checkpoint.
    expect(
      positionColumns(3, new Map([['A', dec('2.50')]]), new Map([['A', dec('2.5')]])).positionChanges,
    ).toEqual({});
    expect(positionColumns(5, after, undefined).positions).toEqual({ AAPL: '2', NVDA: '5' });
  });

  it('refuses rows that do not start at a checkpoint', () => {
    expect(() => foldPositions([{ positions: null, positionChanges: { AAPL: '1' } }])).toThrow(/checkpoint/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twoTrackings } from '../testing/portfolio-fixtures';
import { overlapLevel, overlapMatrix } from './overlap-matrix';

describe('Overlap matrix', () => {
  it('shows each pair in both cells, 100% on the diagonal', () => {
    const { trackings, overlap } = twoTrackings();
    const matrix = overlapMatrix(trackings, overlap);
    expect(matrix.labels).toEqual(['VOO', 'QQQ']);
    expect(matrix.rows.map((row) => row.map((cell) => cell.overlap))).toEqual([
      ['100', '41.25'],
      ['41.25', '100'],
    ]);
    // 41.25 is in [25, 50): level 2.
    expect(matrix.rows[0]?.[1]?.level).toBe(2);
    expect(matrix.rows[1]?.[0]?.topShared.map((stock) => stock.symbol)).toEqual(['AAPL', 'MSFT']);
  });

  it('leaves a pair the API did not send empty instead of guessing', () => {
    const { trackings } = twoTrackings();
    expect(overlapMatrix(trackings, []).rows[0]?.[1]).toEqual({
      overlap: null,
      level: 0,
      topShared: [],
      self: false,
    });
  });

  it('is symmetric for any pairs', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const trackings = ids.map((id) => ({
      ...twoTrackings().trackings[0],
      trackingId: id,
      label: id,
    })) as ReturnType<typeof twoTrackings>['trackings'];
    const pairs = fc.uniqueArray(
      fc.record({
        i: fc.integer({ min: 0, max: 3 }),
        j: fc.integer({ min: 0, max: 3 }),
        overlap: fc.integer({ min: 0, max: 10_000 }).map((basis) => (basis / 100).toFixed(2)),
      }),
      { selector: ({ i, j }) => [Math.min(i, j), Math.max(i, j)].join() },
    );
    fc.assert(
      fc.property(pairs, (list) => {
        const overlap = list
          .filter(({ i, j }) => i !== j)
          .map(({ i, j, overlap }) => ({ a: ids[i] as string, b: ids[j] as string, overlap, topShared: [] }));
        const { rows } = overlapMatrix(trackings, overlap);
        rows.forEach((row, i) => {
          row.forEach((cell, j) => {
            expect(cell.overlap).toBe(rows[j]?.[i]?.overlap);
          });
        });
      }),
    );
  });

  it('darkens by quarter', () => {
    expect(['0', '0.01', '24.99', '25', '49.99', '50', '74.99', '75', '100'].map(overlapLevel)).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });
});

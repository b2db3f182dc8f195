import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppendOnlyList } from './readonly-list';

describe('AppendOnlyList.appendedSince', () => {
  it('names the items appended since an earlier version, and nothing for a list that did not grow from it', () => {
    const base = AppendOnlyList.empty<string>().append('a').append('b');
    const grown = base.append('c').append('d');
    expect(grown.appendedSince(base)).toEqual(['c', 'd']);
    expect(grown.appendedSince(grown)).toEqual([]);
    // A version that is not a prefix: shorter lists never extend longer ones.
    expect(base.appendedSince(grown)).toBeUndefined();
    // A second branch from `base` copies its storage: it does not extend `grown`, nor `grown` it.
    const branch = base.append('x');
    expect(branch.appendedSince(grown)).toBeUndefined();
    expect(grown.appendedSince(branch)).toBeUndefined();
    expect([...branch]).toEqual(['a', 'b', 'x']);
  });

  it('whenever it answers, the earlier list is a prefix and the answer is the rest (random version trees)', () => {
    // Each step appends to any earlier version (a fold retried, a cached state folded twice): storage is shared
    // or copied, and the answer must never claim a prefix that is not one.
    const stepArb = fc.array(fc.record({ from: fc.nat(), item: fc.nat({ max: 9 }) }), { maxLength: 30 });
    fc.assert(
      fc.property(stepArb, fc.nat(), fc.nat(), (steps, i, j) => {
        const versions = [AppendOnlyList.empty<number>()];
        for (const { from, item } of steps)
          versions.push((versions[from % versions.length] as AppendOnlyList<number>).append(item));
        const earlier = versions[i % versions.length] as AppendOnlyList<number>;
        const later = versions[j % versions.length] as AppendOnlyList<number>;
        const appended = later.appendedSince(earlier);
        if (appended === undefined) return;
        expect([...later]).toEqual([...earlier, ...appended]);
      }),
      { numRuns: 500 },
    );
  });
});

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
    // …but it still extends `base` and what `base` extends (its copy began with their items).
    expect(branch.appendedSince(base)).toEqual(['x']);
    expect(branch.append('y').appendedSince(AppendOnlyList.empty<string>().append('a'))).toBeUndefined();
  });

  it('follows a state folded twice: the second fold copies, and still names only what it appended', () => {
    // The command side and the projector fold the same event into one cached state (issue 28: orders alternating
    // between server processes): the second append copies the storage.
    const cached = AppendOnlyList.empty<number>().append(1).append(2);
    const commandSide = cached.append(3);
    const projector = cached.append(3).append(4);
    expect(commandSide.appendedSince(cached)).toEqual([3]);
    expect(projector.appendedSince(cached)).toEqual([3, 4]);
    // A copy of a copy, from a version before the first copy.
    const again = cached.append(9);
    const third = again.append(5);
    const fourth = again.append(6);
    expect(fourth.appendedSince(cached)).toEqual([9, 6]);
    expect(third.appendedSince(again)).toEqual([5]);
    expect(fourth.appendedSince(third)).toBeUndefined();
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

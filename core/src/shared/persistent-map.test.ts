import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isReadonlyMap, PersistentMap } from './persistent-map';
import { AppendOnlyList } from './readonly-list';

describe('PersistentMap', () => {
  it('keeps every version readable as it was, whatever order they are read in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.option(fc.nat(9), { nil: undefined })), {
          maxLength: 40,
        }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (changes, reads) => {
          const versions = [PersistentMap.empty<string, number>()];
          const expected = [new Map<string, number>()];
          for (const [key, value] of changes) {
            // Branch sometimes from an older version, as a failed command's state would be.
            const from = (versions.length * 7 + key.charCodeAt(0)) % versions.length;
            versions.push((versions[from] as PersistentMap<string, number>).with(key, value));
            const next = new Map(expected[from]);
            if (value === undefined) next.delete(key);
            else next.set(key, value);
            expected.push(next);
          }
          for (const read of [...reads, ...versions.keys()]) {
            const i = read % versions.length;
            expect(new Map(versions[i]), `version ${i}`).toEqual(expected[i]);
            expect(versions[i]?.size).toBe(expected[i]?.size);
          }
        },
      ),
    );
  });

  it('is a ReadonlyMap to the callers that tell maps from records', () => {
    expect(isReadonlyMap(PersistentMap.empty())).toBe(true);
    expect(isReadonlyMap(new Map())).toBe(true);
    expect(isReadonlyMap({ AAPL: '1' })).toBe(false);
  });
});

describe('AppendOnlyList', () => {
  it('appends without changing the list it came from, even when two lists append to one', () => {
    const base = AppendOnlyList.empty<number>().append(1).append(2);
    const left = base.append(3);
    const right = base.append(4);
    expect([[...base], [...left], [...right]]).toEqual([
      [1, 2],
      [1, 2, 3],
      [1, 2, 4],
    ]);
    expect([left.at(-1), right.length, base.map((n) => n * 10)]).toEqual([3, 3, [10, 20]]);
  });
});

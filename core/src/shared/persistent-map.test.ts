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
  it('lists, between a version and one derived from it, every key whose value differs', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.option(fc.nat(3), { nil: undefined })),
          {
            maxLength: 30,
          },
        ),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }),
        (changes, pairs) => {
          const versions = [PersistentMap.empty<string, number>()];
          const parents: number[] = [];
          for (const [index, [key, value]] of changes.entries()) {
            const from = index % 4 === 3 ? Math.floor(versions.length / 2) : versions.length - 1; // some branches
            parents.push(from);
            versions.push((versions[from] as PersistentMap<string, number>).with(key, value));
          }
          // A version and the one it was derived from are always one change apart, whatever was read since.
          for (const [index, from] of parents.entries()) {
            new Map(versions[index]);
            expect(
              versions[index + 1]?.keysChangedSince(versions[from] as ReadonlyMap<string, number>, 1),
            ).toEqual([changes[index]?.[0]]);
          }
          for (const [i, j] of pairs) {
            const [a, b] = [versions[i % versions.length], versions[j % versions.length]] as PersistentMap<
              string,
              number
            >[];
            if (!a || !b) continue;
            new Map(a); // reading a version reroots the shared Map: the path must still be found either way
            const keys = b.keysChangedSince(a, 1000);
            if (keys === undefined) continue;
            const differing = ['a', 'b', 'c', 'd', 'e'].filter((key) => a.get(key) !== b.get(key));
            expect(new Set(keys)).toEqual(new Set([...keys, ...differing]));
            expect(new Set(differing).size).toBeLessThanOrEqual(new Set(keys).size);
          }
        },
      ),
    );
    // Worked example: two changes from v0 to v2, in either direction; an unrelated map gives no answer.
    const v0 = PersistentMap.empty<string, number>();
    const v2 = v0.with('a', 1).with('b', 2);
    expect(v2.keysChangedSince(v0, 10)?.sort()).toEqual(['a', 'b']);
    expect(v0.keysChangedSince(v2, 10)?.sort()).toEqual(['a', 'b']);
    expect(v2.keysChangedSince(v0, 1)).toBeUndefined();
    expect(v2.keysChangedSince(new Map(), 10)).toBeUndefined();
    expect(v2.keysChangedSince(PersistentMap.empty(), 10)).toBeUndefined();
  });
});

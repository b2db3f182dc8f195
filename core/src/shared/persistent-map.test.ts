import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
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

  it('keeps long histories readable too, where versions far from the shared Map get a Map of their own', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(30), fc.option(fc.nat(9), { nil: undefined }), fc.nat()), {
          minLength: 100,
          maxLength: 400,
        }),
        fc.array(fc.nat(), { maxLength: 80 }),
        (changes, reads) => {
          const versions = [PersistentMap.empty<number, number>()];
          const expected = [new Map<number, number>()];
          for (const [key, value, pick] of changes) {
            // Mostly the newest version; now and then one far back, so that lines part and grow apart.
            const from = pick % 10 === 0 ? pick % versions.length : versions.length - 1;
            versions.push((versions[from] as PersistentMap<number, number>).with(key, value));
            const next = new Map(expected[from]);
            if (value === undefined) next.delete(key);
            else next.set(key, value);
            expected.push(next);
            // Reads between changes move the shared Map around, as commands and projectors do.
            const read = reads[versions.length % Math.max(reads.length, 1)];
            if (read !== undefined) versions[read % versions.length]?.get(key);
          }
          for (const read of [...reads, ...versions.keys()]) {
            const i = read % versions.length;
            expect(new Map(versions[i]), `version ${i}`).toEqual(expected[i]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads two lines grown from one ancestor in turn without walking from one to the other each time', () => {
    // A command's cached tracking and the projector's row after the projector took the command's fold: each line
    // gains one lot per order and is read in turn. Rerooting between them walked 2 changes more with every order
    // (1,000 orders: about a million Map writes); each line with a Map of its own costs a few writes per order.
    const ancestor = Array.from({ length: 100 }, (_, i) => i).reduce(
      (map, i) => map.with(`lot-${i}`, i),
      PersistentMap.empty<string, number>(),
    );
    let command = ancestor;
    let projector = ancestor;
    const writes = vi.spyOn(Map.prototype, 'set');
    const deletes = vi.spyOn(Map.prototype, 'delete');
    try {
      for (let order = 0; order < 1_000; order += 1) {
        command = command.with(`order-${order}`, order);
        projector = projector.with(`order-${order}`, order);
        expect(command.get(`order-${order}`)).toBe(order);
        expect(projector.get('lot-0')).toBe(0);
      }
      expect(writes.mock.calls.length + deletes.mock.calls.length).toBeLessThan(20_000);
    } finally {
      writes.mockRestore();
      deletes.mockRestore();
    }
    expect([command.size, projector.size, ancestor.size]).toEqual([1_100, 1_100, 100]);
    expect(new Map(projector)).toEqual(new Map(command));
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

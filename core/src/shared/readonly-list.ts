/**
 * The read-only array surface a folded state exposes for its growing lists (the tracking's history and open lots):
 * real arrays satisfy it, and so do the persistent structures the fold keeps (AppendOnlyList, LotBook), which only
 * build an array when someone reads one. Index with `at(i)`, not `[i]`.
 */
export type ReadonlyList<T> = Pick<
  ReadonlyArray<T>,
  | 'length'
  | 'at'
  | 'map'
  | 'filter'
  | 'find'
  | 'findIndex'
  | 'findLast'
  | 'some'
  | 'every'
  | 'flatMap'
  | 'slice'
  | 'forEach'
  | 'reduce'
  | 'includes'
  | typeof Symbol.iterator
>;

/**
 * A list whose array methods read one array, built on first use (`materialize`) and then kept: the fold never reads
 * it, so building it costs nothing per event. Bound methods of that array are returned as they are.
 */
export abstract class ArrayView<T> implements ReadonlyList<T> {
  #array: readonly T[] | null = null;

  protected abstract materialize(): readonly T[];

  /** The elements as a plain array (built once per value). */
  toArray(): readonly T[] {
    this.#array ??= this.materialize();
    return this.#array;
  }

  abstract get length(): number;

  at(index: number): T | undefined {
    return this.toArray().at(index);
  }

  [Symbol.iterator](): ArrayIterator<T> {
    return this.toArray()[Symbol.iterator]();
  }

  // Each getter hands out the array's own (overloaded) method bound to it; `bind` loses the overloads' types.
  get map(): ReadonlyArray<T>['map'] {
    const array = this.toArray();
    return array.map.bind(array) as ReadonlyArray<T>['map'];
  }
  get filter(): ReadonlyArray<T>['filter'] {
    const array = this.toArray();
    return array.filter.bind(array) as ReadonlyArray<T>['filter'];
  }
  get find(): ReadonlyArray<T>['find'] {
    const array = this.toArray();
    return array.find.bind(array) as ReadonlyArray<T>['find'];
  }
  get findIndex(): ReadonlyArray<T>['findIndex'] {
    const array = this.toArray();
    return array.findIndex.bind(array);
  }
  get findLast(): ReadonlyArray<T>['findLast'] {
    const array = this.toArray();
    return array.findLast.bind(array) as ReadonlyArray<T>['findLast'];
  }
  get some(): ReadonlyArray<T>['some'] {
    const array = this.toArray();
    return array.some.bind(array);
  }
  get every(): ReadonlyArray<T>['every'] {
    const array = this.toArray();
    return array.every.bind(array) as ReadonlyArray<T>['every'];
  }
  get flatMap(): ReadonlyArray<T>['flatMap'] {
    const array = this.toArray();
    return array.flatMap.bind(array) as ReadonlyArray<T>['flatMap'];
  }
  get slice(): ReadonlyArray<T>['slice'] {
    const array = this.toArray();
    return array.slice.bind(array);
  }
  get forEach(): ReadonlyArray<T>['forEach'] {
    const array = this.toArray();
    return array.forEach.bind(array);
  }
  get reduce(): ReadonlyArray<T>['reduce'] {
    const array = this.toArray();
    return array.reduce.bind(array) as ReadonlyArray<T>['reduce'];
  }
  get includes(): ReadonlyArray<T>['includes'] {
    const array = this.toArray();
    return array.includes.bind(array);
  }

  /** JSON and test equality see the plain array. */
  toJSON(): readonly T[] {
    return this.toArray();
  }
}

/**
 * Storage an append copied from another list's storage (that storage had been appended to already): its first `size`
 * items are that storage's first `size`. Held weakly, so a copy never keeps the storage it came from alive.
 */
type Copy = { readonly from: WeakRef<readonly unknown[]>; readonly size: number };
const copiedFrom = new WeakMap<readonly unknown[], Copy>();
/** How many copies back appendedSince looks for the earlier list's storage. */
const COPIES_FOLLOWED = 4;

/**
 * A persistent append-only list: `append` returns a new list sharing storage with this one, in O(1) amortised — safe
 * because a list that was already appended to copies its elements first (a fold never appends to a state twice, so
 * it never copies). Every list value stays immutable: it only ever reads its first `length` elements.
 */
export class AppendOnlyList<T> extends ArrayView<T> {
  private constructor(
    private readonly backing: T[],
    private readonly size: number,
  ) {
    super();
  }

  static empty<T>(): AppendOnlyList<T> {
    return new AppendOnlyList<T>([], 0);
  }

  /** The list of `items` (kept as it is when it already is one). */
  static from<T>(items: ReadonlyList<T>): AppendOnlyList<T> {
    return items instanceof AppendOnlyList
      ? (items as AppendOnlyList<T>)
      : new AppendOnlyList([...items], items.length);
  }

  get length(): number {
    return this.size;
  }

  append(item: T): AppendOnlyList<T> {
    let backing = this.backing;
    if (backing.length !== this.size) {
      backing = this.backing.slice(0, this.size);
      copiedFrom.set(backing, { from: new WeakRef(this.backing), size: this.size });
    }
    backing.push(item);
    return new AppendOnlyList(backing, this.size + 1);
  }

  /**
   * The items appended since `earlier` when this list is `earlier` plus appends, else undefined: it shares
   * `earlier`'s storage and is no shorter (storage is only ever pushed to, so their first `earlier.length` items are
   * the same ones), or its storage was copied (a few copies back) from `earlier`'s with at least `earlier`'s items:
   * a state folded twice, by the command side and by the projector, copies on the second fold (issue 28: the
   * projector then compared every open lot of a tracking whose orders alternate between server processes).
   * O(appended), where comparing item by item would be O(length).
   */
  appendedSince(earlier: AppendOnlyList<T>): readonly T[] | undefined {
    if (earlier.size > this.size) return undefined;
    let backing: readonly unknown[] | undefined = this.backing;
    let shared = this.size;
    for (let copies = 0; backing; copies++) {
      if (backing === earlier.backing)
        return earlier.size <= shared ? this.backing.slice(earlier.size, this.size) : undefined;
      const copy: Copy | undefined = copies < COPIES_FOLLOWED ? copiedFrom.get(backing) : undefined;
      if (!copy) return undefined;
      shared = Math.min(shared, copy.size);
      backing = copy.from.deref();
    }
    return undefined;
  }

  protected materialize(): readonly T[] {
    return this.backing.slice(0, this.size);
  }
}

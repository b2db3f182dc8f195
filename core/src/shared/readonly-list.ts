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
    const backing = this.backing.length === this.size ? this.backing : this.backing.slice(0, this.size);
    backing.push(item);
    return new AppendOnlyList(backing, this.size + 1);
  }

  /**
   * The items appended since `earlier` when this list is `earlier` plus appends (it shares `earlier`'s storage and
   * is no shorter: storage is only ever pushed to, so their first `earlier.length` items are the same ones), else
   * undefined. O(appended), where comparing item by item would be O(length).
   */
  appendedSince(earlier: AppendOnlyList<T>): readonly T[] | undefined {
    if (earlier.backing !== this.backing || earlier.size > this.size) return undefined;
    return this.backing.slice(earlier.size, this.size);
  }

  protected materialize(): readonly T[] {
    return this.backing.slice(0, this.size);
  }
}

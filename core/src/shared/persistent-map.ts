/**
 * A persistent map for folds (Baker's rerooting): every version shares one Map; the newest version reads and
 * writes it directly, in O(1), while older versions keep the inverse changes that lead back to them. Reading an
 * older version "reroots" the shared Map to it (O(versions in between)), so every version stays an immutable value
 * — a fold, which only ever touches the newest, never copies. Iterating takes a copy of the entries first, so that
 * reading another version meanwhile cannot disturb it.
 */
/** One version: the root holds the shared Map; any other holds the change that leads from `next` back to it. */
class Node<K, V> {
  constructor(
    public map: Map<K, V> | null,
    public key: K | undefined = undefined,
    public had = false,
    public value: V | undefined = undefined,
    public next: Node<K, V> | null = null,
  ) {}
}

/**
 * How many changes away from the shared Map a version may be and still be rerooted to. Two lines of versions that
 * keep growing from one ancestor (a command's cached tracking and the projector's row, once the projector took the
 * command's fold) would otherwise be rerooted back and forth across both lines, one step more each time: with 1,000
 * orders since they parted, every read walked 2,000 changes (issue 28: a fifth of a server's CPU).
 */
const REROOT_LIMIT = 64;

/**
 * Gives `node` a Map of its own (the shared one's entries with the changes along `path` undone, root side first)
 * and unlinks it: its line no longer shares the Map, so neither line reroots the other again.
 */
const detach = <K, V>(node: Node<K, V>, path: readonly Node<K, V>[], shared: Map<K, V>): Map<K, V> => {
  const own = new Map(shared);
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const step = path[i] as Node<K, V>;
    if (step.had) own.set(step.key as K, step.value as V);
    else own.delete(step.key as K);
  }
  node.map = own;
  node.key = undefined;
  node.had = false;
  node.value = undefined;
  node.next = null;
  return own;
};

/**
 * Makes `node` the root (its version the one the shared Map holds) and returns the Map; a version too far from the
 * root gets its own Map instead (REROOT_LIMIT).
 */
const reroot = <K, V>(node: Node<K, V>): Map<K, V> => {
  const path: Node<K, V>[] = [];
  let cursor = node;
  while (cursor.map === null && cursor.next) {
    path.push(cursor);
    cursor = cursor.next;
  }
  const map = cursor.map as Map<K, V>;
  if (path.length > REROOT_LIMIT) return detach(node, path, map);
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const step = path[i] as Node<K, V>;
    const root = step.next as Node<K, V>;
    const key = step.key as K;
    // The old root now records how to come back to it from `step`.
    root.map = null;
    root.key = key;
    root.had = map.has(key);
    root.value = map.get(key);
    root.next = step;
    if (step.had) map.set(key, step.value as V);
    else map.delete(key);
    step.map = map;
    step.key = undefined;
    step.value = undefined;
    step.next = null;
  }
  return map;
};

export class PersistentMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(private readonly node: Node<K, V>) {}

  static empty<K, V>(): PersistentMap<K, V> {
    return new PersistentMap<K, V>(new Node(new Map()));
  }

  /** The map of `entries` (kept as it is when it already is one). */
  static from<K, V>(entries: ReadonlyMap<K, V>): PersistentMap<K, V> {
    return entries instanceof PersistentMap
      ? (entries as PersistentMap<K, V>)
      : new PersistentMap<K, V>(new Node(new Map(entries)));
  }

  private get map(): Map<K, V> {
    return reroot(this.node);
  }

  /** A new version with `key` set to `value`, or removed when `value` is undefined. */
  with(key: K, value: V | undefined): PersistentMap<K, V> {
    const map = this.map;
    const had = map.has(key);
    const previous = map.get(key);
    if (value === undefined) map.delete(key);
    else map.set(key, value);
    const root = new Node<K, V>(map);
    const node = this.node;
    node.map = null;
    node.key = key;
    node.had = had;
    node.value = previous;
    node.next = root;
    return new PersistentMap(root);
  }

  /**
   * The keys whose value may differ between `older` and this version, when one of the two versions was derived from
   * the other within `limit` changes (found on the change path between their nodes, without iterating either map);
   * undefined otherwise (unrelated versions, too far apart, or one read from beyond REROOT_LIMIT, which unlinked it):
   * then compare the maps themselves. A key may be listed twice, or with the same value in both (set back): callers
   * compare the values.
   */
  keysChangedSince(older: ReadonlyMap<K, V>, limit: number): K[] | undefined {
    if (!(older instanceof PersistentMap)) return undefined;
    const path = (from: Node<K, V>, to: Node<K, V>): K[] | undefined => {
      const keys: K[] = [];
      for (let cursor: Node<K, V> | null = from; cursor; cursor = cursor.next) {
        if (cursor === to) return keys;
        if (cursor.map !== null || keys.length >= limit) return undefined; // the root, or too far
        keys.push(cursor.key as K);
      }
      return undefined;
    };
    const theirs = (older as PersistentMap<K, V>).node;
    return path(theirs, this.node) ?? path(this.node, theirs);
  }

  get size(): number {
    return this.map.size;
  }
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  has(key: K): boolean {
    return this.map.has(key);
  }
  entries(): MapIterator<[K, V]> {
    return [...this.map.entries()][Symbol.iterator]();
  }
  keys(): MapIterator<K> {
    return [...this.map.keys()][Symbol.iterator]();
  }
  values(): MapIterator<V> {
    return [...this.map.values()][Symbol.iterator]();
  }
  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}

/** A ReadonlyMap of any kind (a Map or a PersistentMap), told apart from a plain record of values. */
export const isReadonlyMap = <K, V>(value: ReadonlyMap<K, V> | object): value is ReadonlyMap<K, V> =>
  value instanceof Map || value instanceof PersistentMap;

import { type Decimal, ZERO } from '../shared/decimal';
import { type OpenLot, unabsorbedShares } from './ledger-parts';
import { WINDOW_DAYS } from './ledger-sale';
import type { AcquisitionFact } from './ledger-types';

/**
 * Replacement shares for the wash-sale rule, per security key, in acquisition order (trade date, then seq): the
 * ledger fold (ledger.ts) asks for the shares acquired within 30 days of a loss sale, earliest first. An acquisition
 * the fold has not reached yet (bought after the sale) gives its shares less those already promised to earlier
 * losses; one it has opened gives its open shares that absorbed no loss yet. Entries that can give nothing more are
 * skipped for good (a union-find "next alive" pointer), so a fold stays near-linear however many lots a window holds.
 */

export type Entry = {
  readonly fact: AcquisitionFact;
  readonly acquiredOn: string;
  /** Shares promised to losses before the fold opened the lot. */
  promised: Decimal;
};

type KeyIndex = { entries: Entry[]; next: number[] };

export type Match = { readonly entry: Entry; readonly shares: Decimal };

const byAcquisition = (a: Entry, b: Entry) =>
  a.acquiredOn < b.acquiredOn ? -1 : a.acquiredOn > b.acquiredOn ? 1 : a.fact.seq - b.fact.seq;

const indexOf = (entries: Entry[]): KeyIndex => ({ entries, next: entries.map((_, i) => i) });

/** First index at or after `from` whose entry may still give shares (path-compressed). */
const alive = (index: KeyIndex, from: number): number => {
  let at = from;
  while (at < index.entries.length && index.next[at] !== at) at = index.next[at] as number;
  let walk = from;
  while (walk < index.entries.length && index.next[walk] !== walk) {
    const step = index.next[walk] as number;
    index.next[walk] = at;
    walk = step;
  }
  return at;
};

const lowerBound = (entries: readonly Entry[], date: string): number => {
  let [low, high] = [0, entries.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((entries[mid] as Entry).acquiredOn < date) low = mid + 1;
    else high = mid;
  }
  return low;
};

export type ReplacementIndex = {
  /**
   * Takes up to `shares` replacement shares of `key` acquired from soldOn − 30 to soldOn + 30 days, earliest first,
   * never from `excluded` lot ids. Opened lots give unabsorbed open shares; the caller absorbs them.
   */
  readonly match: (key: string, soldOn: string, shares: Decimal, excluded: ReadonlySet<string>) => Match[];
  /** The entry of an acquisition (undefined: unknown date, never a replacement). */
  readonly entryOf: (lotId: string) => Entry | undefined;
  /** A renamed lot now also answers for its new key. */
  readonly rekey: (entry: Entry, key: string) => void;
};

export const replacementIndex = (
  acquisitions: readonly AcquisitionFact[],
  keyOf: (symbol: string) => string,
  addDays: (date: string, days: number) => string,
  openLot: (lotId: string) => OpenLot | undefined,
  opened: (entry: Entry) => boolean,
): ReplacementIndex => {
  const byKey = new Map<string, Entry[]>();
  const byLot = new Map<string, Entry>();
  for (const fact of acquisitions) {
    if (fact.acquiredOn === null) continue;
    const entry: Entry = { fact, acquiredOn: fact.acquiredOn, promised: ZERO };
    byLot.set(fact.lotId, entry);
    const key = keyOf(fact.symbol);
    const list = byKey.get(key);
    if (list) list.push(entry);
    else byKey.set(key, [entry]);
  }
  const indexes = new Map<string, KeyIndex>();
  for (const [key, entries] of byKey) indexes.set(key, indexOf(entries.sort(byAcquisition)));

  /** What an entry can still give for a sale of `key` (0 when it never can again). */
  const available = (entry: Entry, key: string): { shares: Decimal; forGood: boolean } => {
    if (!opened(entry)) return { shares: entry.fact.shares.sub(entry.promised), forGood: true };
    const lot = openLot(entry.fact.lotId);
    if (!lot) return { shares: ZERO, forGood: true };
    if (keyOf(lot.symbol) !== key) return { shares: ZERO, forGood: false };
    return { shares: unabsorbedShares(lot), forGood: true };
  };

  const match: ReplacementIndex['match'] = (key, soldOn, shares, excluded) => {
    const index = indexes.get(key);
    if (!index) return [];
    const matches: Match[] = [];
    const until = addDays(soldOn, WINDOW_DAYS);
    let left = shares;
    let at = alive(index, lowerBound(index.entries, addDays(soldOn, -WINDOW_DAYS)));
    while (left.gt(ZERO) && at < index.entries.length) {
      const entry = index.entries[at] as Entry;
      if (entry.acquiredOn > until) break;
      if (!excluded.has(entry.fact.lotId)) {
        const { shares: free, forGood } = available(entry, key);
        if (free.gt(ZERO)) {
          const taken = free.lte(left) ? free : left;
          matches.push({ entry, shares: taken });
          left = left.sub(taken);
          if (!opened(entry)) entry.promised = entry.promised.add(taken);
          // Nothing left once the caller absorbed the taken shares (or they are promised): skip it from now on.
          if (!free.gt(taken)) index.next[at] = at + 1;
        } else if (forGood) index.next[at] = at + 1;
      }
      at = alive(index, at + 1);
    }
    return matches;
  };

  const rekey = (entry: Entry, key: string) => {
    const current = indexes.get(key);
    const entries = current ? [...current.entries, entry].sort(byAcquisition) : [entry];
    indexes.set(key, indexOf(entries));
  };

  return { match, entryOf: (lotId) => byLot.get(lotId), rekey };
};

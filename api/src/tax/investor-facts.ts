import { PersistentMap } from '@etf-replicator/core/shared/persistent-map';
import type { TradeFact } from '@etf-replicator/core/tax/ledger-types';

/**
 * The trade facts of one investor (issue 28): one list across all their trackings, extended as commands append facts
 * instead of being copied and renumbered per command, with what the command path asks of it (the latest sale, the
 * sale dates, each lot's trade date) kept up to date as facts arrive rather than found by scanning every fact.
 *
 * Every value is immutable: lists share one backing array that only grows, and a value reads only its first `count`
 * elements; appending to a value that was already appended to copies first (two requests racing on the same cached
 * value), so the usual chain of commands never copies.
 */

/** Facts of one tracking are numbered within it; trackings are ordered by creation, each with room for this many. */
export const SEQ_PER_TRACKING = 1_000_000_000;

/** An append-only list value: the first `count` elements of `backing`. */
export type Grown<T> = { readonly backing: T[]; readonly count: number };

export const grow = <T>(list: Grown<T>, items: readonly T[]): Grown<T> => {
  if (items.length === 0) return list;
  const backing = list.backing.length === list.count ? list.backing : list.backing.slice(0, list.count);
  for (const item of items) backing.push(item);
  return { backing, count: list.count + items.length };
};

export const emptyGrown = <T>(): Grown<T> => ({ backing: [], count: 0 });

export class InvestorFacts {
  private constructor(
    private readonly list: Grown<TradeFact>,
    private readonly sales: Grown<string>,
    /** The latest trade date of any SELL ('' before the first). */
    readonly latestSoldOn: string,
    private readonly acquired: PersistentMap<string, string | null>,
    private sorted: readonly TradeFact[] | null = null,
  ) {}

  static empty(): InvestorFacts {
    return new InvestorFacts(emptyGrown(), emptyGrown(), '', PersistentMap.empty());
  }

  /**
   * This list with `facts` of the tracking at `index` (numbered within their tracking) appended, renumbered into the
   * investor's order.
   */
  with(index: number, facts: readonly TradeFact[]): InvestorFacts {
    if (facts.length === 0) return this;
    const offset = index * SEQ_PER_TRACKING;
    const added = facts.map((fact) => ({ ...fact, seq: offset + fact.seq }));
    let latestSoldOn = this.latestSoldOn;
    const saleDates: string[] = [];
    let acquired = this.acquired;
    for (const fact of added) {
      if (fact.kind === 'SELL') {
        saleDates.push(fact.soldOn);
        if (fact.soldOn > latestSoldOn) latestSoldOn = fact.soldOn;
      } else if (fact.kind === 'ACQUIRE') acquired = acquired.with(fact.lotId, fact.acquiredOn);
    }
    return new InvestorFacts(grow(this.list, added), grow(this.sales, saleDates), latestSoldOn, acquired);
  }

  get length(): number {
    return this.list.count;
  }

  /**
   * Every fact in the investor's order (tracking by tracking, each in recorded order: ascending seq), as a fold
   * from scratch lists them. Built on first read (the command path never reads it).
   */
  get all(): readonly TradeFact[] {
    this.sorted ??= this.list.backing.slice(0, this.list.count).sort((a, b) => a.seq - b.seq);
    return this.sorted;
  }

  /** The trade dates of every SELL, in no particular order. */
  saleDates(): readonly string[] {
    return this.sales.backing.slice(0, this.sales.count);
  }

  get saleCount(): number {
    return this.sales.count;
  }

  /** The trade date of an acquired lot: null when unknown, undefined when no such lot was acquired. */
  acquiredOn(lotId: string): string | null | undefined {
    return this.acquired.get(lotId);
  }
}

/** The fact list of each of an investor's trackings, in the investor's order (by creation). */
export type FactParts = readonly { readonly trackingId: string; readonly facts: Grown<TradeFact> }[];

/**
 * The investor's facts for `parts`: the `previous` ones extended by what each tracking appended since (a new
 * tracking's facts all appended), or — when a tracking's list was read again (a revert) or the trackings changed
 * order — built anew.
 */
export const extendInvestorFacts = (
  previous: { readonly log: InvestorFacts; readonly parts: FactParts } | undefined,
  parts: FactParts,
): InvestorFacts => {
  const slice = (facts: Grown<TradeFact>, from: number) => facts.backing.slice(from, facts.count);
  const fresh = () =>
    parts.reduce((log, part, index) => log.with(index, slice(part.facts, 0)), InvestorFacts.empty());
  if (!previous || previous.parts.length > parts.length) return fresh();
  let log = previous.log;
  for (const [index, part] of parts.entries()) {
    const before = previous.parts[index];
    if (!before) log = log.with(index, slice(part.facts, 0));
    else if (
      before.trackingId === part.trackingId &&
      before.facts.backing === part.facts.backing &&
      before.facts.count <= part.facts.count
    )
      log = log.with(index, slice(part.facts, before.facts.count));
    else return fresh();
  }
  return log;
};

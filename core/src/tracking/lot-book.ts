import { PersistentMap } from '../shared/persistent-map';
import { AppendOnlyList, ArrayView, type ReadonlyList } from '../shared/readonly-list';
import { byAcquired } from './lot-order';
import type { Lot } from './lots';

/**
 * The open lots, one array per symbol, so that a BUY or a SELL copies only its own symbol's lots (the fold stays
 * linear in events). Read as a list it gives every lot in the canonical order (acquired, then id), built once.
 * Within a symbol the lots keep the order they were opened in; whoever needs an order sorts (lot-order.ts).
 */
export class LotBook extends ArrayView<Lot> {
  private constructor(
    private readonly bySymbol: PersistentMap<string, AppendOnlyList<Lot>>,
    private readonly count: number,
  ) {
    super();
  }

  /**
   * A new empty book. Never one shared instance: persistent versions chain from the first, so a shared empty book
   * would tie every tracking's lots to one Map (each fold rerooting the last one's whole history, and keeping it).
   */
  static empty(): LotBook {
    return new LotBook(PersistentMap.empty(), 0);
  }

  /** The book of `lots` (kept as it is when it already is one). */
  static from(lots: ReadonlyList<Lot>): LotBook {
    if (lots instanceof LotBook) return lots;
    const bySymbol = new Map<string, AppendOnlyList<Lot>>();
    for (const lot of lots)
      bySymbol.set(lot.symbol, (bySymbol.get(lot.symbol) ?? AppendOnlyList.empty<Lot>()).append(lot));
    return new LotBook(PersistentMap.from(bySymbol), lots.length);
  }

  get length(): number {
    return this.count;
  }

  /** The symbols with open lots. */
  symbols(): string[] {
    return [...this.bySymbol.keys()];
  }

  /** The open lots of one symbol, in the order they were opened. */
  ofSymbol(symbol: string): ReadonlyList<Lot> {
    return this.bySymbol.get(symbol) ?? AppendOnlyList.empty<Lot>();
  }

  /** The book with `lot` opened (after its symbol's other lots): copies nothing. */
  withOpened(lot: Lot): LotBook {
    const own = this.bySymbol.get(lot.symbol) ?? AppendOnlyList.empty<Lot>();
    return new LotBook(this.bySymbol.with(lot.symbol, own.append(lot)), this.count + 1);
  }

  /** The book with `symbol`'s lots replaced (none: the symbol leaves the book). Copies no other symbol's lots. */
  withSymbol(symbol: string, lots: ReadonlyList<Lot>): LotBook {
    const before = this.ofSymbol(symbol).length;
    const next = this.bySymbol.with(symbol, lots.length === 0 ? undefined : AppendOnlyList.from(lots));
    return new LotBook(next, this.count - before + lots.length);
  }

  protected materialize(): readonly Lot[] {
    return [...this.bySymbol.values()].flatMap((own) => own.toArray()).sort(byAcquired);
  }
}

/** The lots of `symbol` in a list of lots (a LotBook answers without scanning the others). */
export const lotsOfSymbol = (lots: ReadonlyList<Lot>, symbol: string): ReadonlyList<Lot> =>
  lots instanceof LotBook ? lots.ofSymbol(symbol) : lots.filter((lot) => lot.symbol === symbol);

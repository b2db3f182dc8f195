import { ZERO } from '../shared/decimal';
import { ledgerCalendar } from './ledger-calendar';
import { applyCorporateAction } from './ledger-corporate-actions';
import { absorbIntoLot, lotSnapshots, type OpenLot, type Part } from './ledger-parts';
import { type Entry, replacementIndex } from './ledger-replacements';
import { closeSale, rowsOfSale, type SaleMatching, washSale } from './ledger-sale';
import type {
  AcquisitionFact,
  ClosedRow,
  LedgerLot,
  SaleFact,
  TradeFact,
  WashAdjustment,
  WashWindow,
} from './ledger-types';
import { securityKey } from './security-keys';

/**
 * The investor's wash-sale ledger (issue 26; Publication 550 "Wash Sales", tax-rules.md): one fold over the trade
 * facts of every tracking that still count, in trade-date order. Each loss close takes replacement shares of the
 * same security (share classes of one issuer count as one) acquired from 30 days before to 30 days after the sale,
 * in any tracking, earliest first, each replacement share absorbing at most one loss; the disallowed part moves into
 * the replacement's basis with the sold shares' holding days. Nothing is stored: a revert (a fact left out) or a
 * late-recorded buy simply folds to another ledger.
 */

export type TaxLedger = {
  /** Every open lot part of every tracking, in fact order. */
  readonly openLots: readonly LedgerLot[];
  /** Every close, in sale order. */
  readonly closedRows: readonly ClosedRow[];
  /** One per loss sale (any tracking), in sale order. */
  readonly windows: readonly WashWindow[];
  /** For each acquisition lot id: the disallowed losses it absorbed (a BUY's wash-sale warning). */
  readonly adjustmentsByLot: ReadonlyMap<string, readonly WashAdjustment[]>;
};

export type LedgerOptions = { readonly securityKeyOf?: (symbol: string) => string };

/** Unknown dates first (in seq order), then trade date, then seq. */
const dateOf = (fact: TradeFact): string =>
  fact.kind === 'ACQUIRE' ? (fact.acquiredOn ?? '') : fact.kind === 'SELL' ? fact.soldOn : fact.effectiveOn;

const inFoldOrder = (facts: readonly TradeFact[]): TradeFact[] =>
  [...facts].sort((a, b) => {
    const [da, db] = [dateOf(a), dateOf(b)];
    return da < db ? -1 : da > db ? 1 : a.seq - b.seq;
  });

/** A disallowed loss waiting for its replacement lot to be opened (bought after the sale). */
type Pending = { readonly adjustment: WashAdjustment; readonly heldDays: number | null };

export const buildLedger = (facts: readonly TradeFact[], options?: LedgerOptions): TaxLedger => {
  const keyOf = options?.securityKeyOf ?? ((symbol: string) => securityKey(symbol));
  const calendar = ledgerCalendar();
  const { addDays } = calendar;
  const open = new Map<string, OpenLot>();
  const openedEntries = new Set<Entry>();
  const pending = new Map<string, Pending[]>();
  const closedRows: ClosedRow[] = [];
  const windows: WashWindow[] = [];
  const adjustmentsByLot = new Map<string, WashAdjustment[]>();
  const acquisitions = facts.filter((fact): fact is AcquisitionFact => fact.kind === 'ACQUIRE');
  const index = replacementIndex(
    acquisitions,
    keyOf,
    addDays,
    (lotId) => open.get(lotId),
    (entry) => openedEntries.has(entry),
  );

  const noteAdjustment = (lotId: string, adjustment: WashAdjustment) => {
    const list = adjustmentsByLot.get(lotId);
    if (list) list.push(adjustment);
    else adjustmentsByLot.set(lotId, [adjustment]);
  };

  const acquire = (fact: AcquisitionFact) => {
    const { costPerShare, acquiredOn } = fact;
    const parts: Part[] = [];
    let rest = fact.shares;
    for (const { adjustment, heldDays } of pending.get(fact.lotId) ?? []) {
      const cost = costPerShare === null ? null : costPerShare.mul(adjustment.shares);
      parts.push({
        shares: adjustment.shares,
        basis: cost === null ? null : cost.add(adjustment.amount),
        holdingStart: heldDays === null || acquiredOn === null ? null : addDays(acquiredOn, -heldDays),
        adjustments: [adjustment],
      });
      rest = rest.sub(adjustment.shares);
    }
    pending.delete(fact.lotId);
    if (rest.gt(ZERO)) {
      const basis = costPerShare === null ? null : costPerShare.mul(rest);
      parts.push({ shares: rest, basis, holdingStart: acquiredOn, adjustments: [] });
    }
    open.set(fact.lotId, {
      lotId: fact.lotId,
      trackingId: fact.trackingId,
      symbol: fact.symbol,
      acquiredOn,
      parts,
    });
    const entry = index.entryOf(fact.lotId);
    if (entry?.fact === fact) openedEntries.add(entry);
  };

  const isOpened = (lotId: string): boolean => {
    const entry = index.entryOf(lotId);
    return entry !== undefined && openedEntries.has(entry);
  };

  const matchingFor = (sale: SaleFact, key: string): SaleMatching => {
    const excluded = new Set(sale.closes.map((entry) => entry.lotId));
    return {
      match: (shares) =>
        index.match(key, sale.soldOn, shares, excluded).map(({ entry, shares: taken }) => ({
          lotId: entry.fact.lotId,
          acquiredOn: entry.acquiredOn,
          shares: taken,
        })),
      absorb: (replacement, adjustment, heldDays) => {
        const lot = isOpened(replacement.lotId) ? open.get(replacement.lotId) : undefined;
        if (lot) {
          const start = heldDays === null ? null : addDays(replacement.acquiredOn, -heldDays);
          absorbIntoLot(lot, replacement.shares, adjustment, start);
        } else {
          const list = pending.get(replacement.lotId);
          if (list) list.push({ adjustment, heldDays });
          else pending.set(replacement.lotId, [{ adjustment, heldDays }]);
        }
        noteAdjustment(replacement.lotId, adjustment);
      },
    };
  };

  const sell = (sale: SaleFact) => {
    const drafts = closeSale(
      sale,
      (lotId) => open.get(lotId),
      (lot) => open.delete(lot.lotId),
    );
    const key = keyOf(sale.symbol);
    const window = washSale(sale, drafts, key, matchingFor(sale, key), calendar);
    if (window) windows.push(window);
    for (const row of rowsOfSale(sale, drafts, calendar)) closedRows.push(row);
  };

  for (const fact of inFoldOrder(facts)) {
    if (fact.kind === 'ACQUIRE') acquire(fact);
    else if (fact.kind === 'SELL') sell(fact);
    else {
      const { renamed, opened } = applyCorporateAction(open.values(), fact);
      for (const lot of opened) open.set(lot.lotId, lot);
      for (const lot of renamed) {
        const entry = index.entryOf(lot.lotId);
        if (entry) index.rekey(entry, keyOf(lot.symbol));
      }
    }
  }

  return {
    openLots: [...open.values()].flatMap(lotSnapshots),
    closedRows,
    windows,
    adjustmentsByLot,
  };
};

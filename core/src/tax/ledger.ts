import { type Decimal, ZERO } from '../shared/decimal';
import { addDays, daysFrom } from './dates';
import { termOf } from './gains';
import { applyCorporateAction } from './ledger-corporate-actions';
import { absorbIntoLot, lotSnapshots, type OpenLot, type Part, takeFromLot } from './ledger-parts';
import { type Entry, replacementIndex, WINDOW_DAYS } from './ledger-replacements';
import type {
  AcquisitionFact,
  ClosedRow,
  LedgerLot,
  SaleFact,
  Term,
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

const termFrom = (holdingStart: string | null, soldOn: string): Term =>
  holdingStart === null ? 'UNKNOWN' : termOf(holdingStart, soldOn);

/** A row while its sale is matched: adjustment and code settle before it is handed out. */
type Draft = {
  lotId: string;
  trackingId: string;
  symbol: string;
  shares: Decimal;
  proceeds: Decimal;
  basis: Decimal | null;
  holdingStart: string | null;
  adjustment: Decimal;
};

/** A disallowed loss waiting for its replacement lot to be opened (bought after the sale). */
type Pending = { readonly adjustment: WashAdjustment; readonly heldDays: number | null };

export const buildLedger = (facts: readonly TradeFact[], options?: LedgerOptions): TaxLedger => {
  const keyOf = options?.securityKeyOf ?? ((symbol: string) => securityKey(symbol));
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

  const close = (sale: SaleFact): Draft[] => {
    const drafts: Draft[] = [];
    for (const { lotId, shares } of sale.closes) {
      const lot = open.get(lotId);
      if (!lot) continue; // a lot not held on the sale's trade date: the API refuses such sales
      for (const piece of takeFromLot(lot, shares)) {
        drafts.push({
          lotId,
          trackingId: lot.trackingId,
          symbol: lot.symbol,
          shares: piece.shares,
          proceeds: piece.shares.mul(sale.pricePerShare),
          basis: piece.basis,
          holdingStart: piece.holdingStart,
          adjustment: ZERO,
        });
      }
      if (lot.parts.length === 0) open.delete(lotId);
    }
    return drafts;
  };

  /** Matches the loss rows of a sale with replacement shares; returns its window (null: no loss). */
  const washLosses = (sale: SaleFact, drafts: Draft[]): WashWindow | null => {
    const key = keyOf(sale.symbol);
    const excluded = new Set(sale.closes.map((entry) => entry.lotId));
    let [lossShares, matchedShares, loss, disallowed] = [ZERO, ZERO, ZERO, ZERO];
    for (const draft of drafts) {
      if (draft.basis === null || !draft.proceeds.lt(draft.basis)) continue;
      const rowLoss = draft.basis.sub(draft.proceeds);
      const heldDays = draft.holdingStart === null ? null : daysFrom(draft.holdingStart, sale.soldOn);
      lossShares = lossShares.add(draft.shares);
      loss = loss.add(rowLoss);
      for (const { entry, shares } of index.match(key, sale.soldOn, draft.shares, excluded)) {
        const amount = rowLoss.mul(shares).div(draft.shares);
        const adjustment: WashAdjustment = {
          saleId: sale.saleId,
          saleSymbol: sale.symbol,
          soldOn: sale.soldOn,
          shares,
          amount,
        };
        const lot = openedEntries.has(entry) ? open.get(entry.fact.lotId) : undefined;
        if (lot) {
          const start = heldDays === null ? null : addDays(entry.acquiredOn, -heldDays);
          absorbIntoLot(lot, shares, adjustment, start);
        } else {
          const list = pending.get(entry.fact.lotId);
          if (list) list.push({ adjustment, heldDays });
          else pending.set(entry.fact.lotId, [{ adjustment, heldDays }]);
        }
        noteAdjustment(entry.fact.lotId, adjustment);
        draft.adjustment = draft.adjustment.add(amount);
        matchedShares = matchedShares.add(shares);
        disallowed = disallowed.add(amount);
      }
    }
    if (!loss.gt(ZERO)) return null;
    return {
      saleId: sale.saleId,
      symbol: sale.symbol,
      securityKey: key,
      soldOn: sale.soldOn,
      until: addDays(sale.soldOn, WINDOW_DAYS),
      unmatchedShares: lossShares.sub(matchedShares),
      openLoss: loss.sub(disallowed),
    };
  };

  const sell = (sale: SaleFact) => {
    const drafts = close(sale);
    const window = washLosses(sale, drafts);
    if (window) windows.push(window);
    for (const draft of drafts) {
      closedRows.push({
        saleId: sale.saleId,
        lotId: draft.lotId,
        trackingId: draft.trackingId,
        symbol: draft.symbol,
        shares: draft.shares,
        acquiredOn: draft.holdingStart,
        soldOn: sale.soldOn,
        proceeds: draft.proceeds,
        basis: draft.basis,
        code: draft.adjustment.gt(ZERO) ? 'W' : '',
        adjustment: draft.adjustment,
        gain: draft.basis === null ? null : draft.proceeds.sub(draft.basis).add(draft.adjustment),
        term: termFrom(draft.holdingStart, sale.soldOn),
        harvestId: sale.harvestId,
      });
    }
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

/** Windows whose `until` >= today and that still have unmatched loss shares. */
export const openWindows = (ledger: TaxLedger, today: string): WashWindow[] =>
  ledger.windows.filter((window) => window.until >= today && window.unmatchedShares.gt(ZERO));

/**
 * What a sale would realise if recorded now (harvest preview): the ledger folded again with the sale added (after
 * every recorded fact of its date), so its rows carry code W and the adjustment from the replacements already in
 * the ledger; with the disallowed and the still-deductible losses (positive amounts). `ledger` is the ledger of
 * `facts`; the fold is repeated because a sale can be dated before later facts.
 */
export const previewSale = (
  _ledger: TaxLedger,
  facts: readonly TradeFact[],
  sale: Omit<SaleFact, 'seq' | 'kind'>,
  options?: LedgerOptions,
): { rows: ClosedRow[]; disallowed: Decimal; deductible: Decimal } => {
  const seq = facts.reduce((max, fact) => Math.max(max, fact.seq), -1) + 1;
  const withSale = buildLedger([...facts, { ...sale, kind: 'SELL', seq }], options);
  const rows = withSale.closedRows.filter((row) => row.saleId === sale.saleId);
  let [disallowed, deductible] = [ZERO, ZERO];
  for (const row of rows) {
    disallowed = disallowed.add(row.adjustment);
    if (row.gain?.lt(ZERO)) deductible = deductible.sub(row.gain);
  }
  return { rows, disallowed, deductible };
};

/** Rows of one tax year (by soldOn; null: every year), optionally of one tracking. */
export const rowsOfYear = (ledger: TaxLedger, year: number | null, trackingId?: string): ClosedRow[] =>
  ledger.closedRows.filter(
    (row) =>
      (year === null || Number(row.soldOn.slice(0, 4)) === year) &&
      (trackingId === undefined || row.trackingId === trackingId),
  );

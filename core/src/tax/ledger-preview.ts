import { type Decimal, ZERO } from '../shared/decimal';
import { ledgerCalendar } from './ledger-calendar';
import { buildLedger, type LedgerOptions, type TaxLedger } from './ledger-fold';
import { absorbIntoLot, type OpenLot, unabsorbedShares } from './ledger-parts';
import { closeSale, type Replacement, rowsOfSale, WINDOW_DAYS, washSale } from './ledger-sale';
import type { ClosedRow, SaleFact, TradeFact } from './ledger-types';
import { securityKey } from './security-keys';

/**
 * What a sale would realise if recorded now (harvest preview): its rows with code W and the adjustment from the
 * replacements already in the ledger, and the disallowed and still-deductible losses (positive amounts). `ledger`
 * must be the ledger of `facts` (same options). A sale dated on or after every fact — the usual "now" — is worked
 * out from the ledger's open lots alone (the cost of the open lots, whatever the length of the history); an earlier
 * one folds the facts again with the sale added after every fact of its date.
 */
export type SalePreview = { rows: ClosedRow[]; disallowed: Decimal; deductible: Decimal };

type SaleInput = Omit<SaleFact, 'seq' | 'kind'>;

const dateOf = (fact: TradeFact): string | null =>
  fact.kind === 'ACQUIRE' ? fact.acquiredOn : fact.kind === 'SELL' ? fact.soldOn : fact.effectiveOn;

const totals = (rows: ClosedRow[]): SalePreview => {
  let [disallowed, deductible] = [ZERO, ZERO];
  for (const row of rows) {
    disallowed = disallowed.add(row.adjustment);
    if (row.gain?.lt(ZERO)) deductible = deductible.sub(row.gain);
  }
  return { rows, disallowed, deductible };
};

/** The ledger's open lots as working lots (copies: the preview changes nothing in the ledger). */
const workingLots = (ledger: TaxLedger): Map<string, OpenLot> => {
  const lots = new Map<string, OpenLot>();
  for (const part of ledger.openLots) {
    const lot = lots.get(part.lotId) ?? {
      lotId: part.lotId,
      trackingId: part.trackingId,
      symbol: part.symbol,
      acquiredOn: part.acquiredOn,
      parts: [],
    };
    lot.parts.push({
      shares: part.shares,
      basis: part.basis,
      holdingStart: part.holdingStart,
      adjustments: [...part.adjustments],
    });
    lots.set(part.lotId, lot);
  }
  return lots;
};

const previewFromOpenLots = (
  ledger: TaxLedger,
  facts: readonly TradeFact[],
  sale: SaleInput,
  keyOf: (symbol: string) => string,
): SalePreview => {
  const calendar = ledgerCalendar();
  const lots = workingLots(ledger);
  const key = keyOf(sale.symbol);
  const excluded = new Set(sale.closes.map((close) => close.lotId));
  const from = calendar.addDays(sale.soldOn, -WINDOW_DAYS);
  // Replacements: acquisitions (never lots a corporate action opened) of the same security in the 30 days before,
  // in the fold's order (trade date, then seq), still open; only their shares that absorbed no loss yet.
  const candidates: { lot: OpenLot; acquiredOn: string; seq: number }[] = [];
  for (const fact of facts) {
    if (fact.kind !== 'ACQUIRE' || fact.acquiredOn === null || fact.acquiredOn < from) continue;
    const lot = lots.get(fact.lotId);
    if (!lot || excluded.has(fact.lotId) || keyOf(lot.symbol) !== key) continue;
    candidates.push({ lot, acquiredOn: fact.acquiredOn, seq: fact.seq });
  }
  candidates.sort((a, b) =>
    a.acquiredOn < b.acquiredOn ? -1 : a.acquiredOn > b.acquiredOn ? 1 : a.seq - b.seq,
  );
  const drafts = closeSale(
    sale,
    (lotId) => lots.get(lotId),
    (lot) => lots.delete(lot.lotId),
  );
  washSale(
    sale,
    drafts,
    key,
    {
      match: (shares) => {
        const given: Replacement[] = [];
        let left = shares;
        for (const { lot, acquiredOn } of candidates) {
          if (!left.gt(ZERO)) break;
          const free = unabsorbedShares(lot);
          if (!free.gt(ZERO)) continue;
          const taken = free.lte(left) ? free : left;
          given.push({ lotId: lot.lotId, acquiredOn, shares: taken });
          left = left.sub(taken);
        }
        return given;
      },
      absorb: (replacement, adjustment, heldDays) => {
        const lot = lots.get(replacement.lotId);
        const start = heldDays === null ? null : calendar.addDays(replacement.acquiredOn, -heldDays);
        if (lot) absorbIntoLot(lot, replacement.shares, adjustment, start);
      },
    },
    calendar,
  );
  return totals(rowsOfSale(sale, drafts, calendar));
};

export const previewSale = (
  ledger: TaxLedger,
  facts: readonly TradeFact[],
  sale: SaleInput,
  options?: LedgerOptions,
): SalePreview => {
  const keyOf = options?.securityKeyOf ?? ((symbol: string) => securityKey(symbol));
  const latest = facts.every((fact) => {
    const date = dateOf(fact);
    return date === null || date <= sale.soldOn;
  });
  if (latest) return previewFromOpenLots(ledger, facts, sale, keyOf);
  const seq = facts.reduce((max, fact) => Math.max(max, fact.seq), -1) + 1;
  const withSale = buildLedger([...facts, { ...sale, kind: 'SELL', seq }], options);
  return totals(withSale.closedRows.filter((row) => row.saleId === sale.saleId));
};

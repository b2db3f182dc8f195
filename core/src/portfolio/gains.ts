import type { PortfolioGains } from '../contracts/portfolio';
import { type Decimal, sumDecimals, toDecimalString, ZERO } from '../shared/decimal';
import type { ClosedRow, LedgerLot } from '../tax/ledger-types';
import { termOf } from '../tax/term';

/**
 * The account's gains (issue 29 item 3) from the investor's tax ledger (issue 26): unrealised gains of the open lot
 * parts of the live trackings at their latest prices, short or long term by the (wash-sale adjusted) holding-period
 * start; realised gains per tax year from every closed row (deleted trackings' sales included, as in the account's
 * tax report), with the losses disallowed as wash sales. A lot without a known cost, date or price is never given
 * an invented gain: it is counted in `unknownLots`.
 */
export const portfolioGains = (
  ledger: { readonly openLots: readonly LedgerLot[]; readonly closedRows: readonly ClosedRow[] },
  options: {
    /** The live trackings (a deleted tracking's open lots are no longer held in the portfolio). */
    readonly trackingIds: ReadonlySet<string>;
    readonly priceOf: (trackingId: string, symbol: string) => Decimal | null;
    /** New York trade date of today. */
    readonly today: string;
  },
): PortfolioGains => {
  const term = { SHORT: ZERO, LONG: ZERO };
  const unknown = new Set<string>();
  for (const part of ledger.openLots) {
    if (!options.trackingIds.has(part.trackingId) || part.shares.isZero()) continue;
    const price = options.priceOf(part.trackingId, part.symbol);
    if (part.basis === null || part.holdingStart === null || price === null) {
      unknown.add(part.lotId);
      continue;
    }
    const which = termOf(part.holdingStart, options.today);
    term[which] = term[which].add(part.shares.mul(price).sub(part.basis));
  }
  const currentYear = Number(options.today.slice(0, 4));
  const years = new Map<number, ClosedRow[]>([[currentYear, []]]);
  for (const row of ledger.closedRows) {
    const year = Number(row.soldOn.slice(0, 4));
    const list = years.get(year) ?? [];
    list.push(row);
    years.set(year, list);
  }
  const gainOf = (rows: readonly ClosedRow[], keep: (row: ClosedRow) => boolean) =>
    sumDecimals(rows.flatMap((row) => (row.gain !== null && keep(row) ? [row.gain] : [])));
  return {
    unrealised: {
      shortTerm: toDecimalString(term.SHORT),
      longTerm: toDecimalString(term.LONG),
      total: toDecimalString(term.SHORT.add(term.LONG)),
      unknownLots: unknown.size,
    },
    realised: [...years.entries()]
      .sort(([a], [b]) => b - a)
      .map(([year, rows]) => ({
        year,
        shortTerm: toDecimalString(gainOf(rows, (row) => row.term === 'SHORT')),
        longTerm: toDecimalString(gainOf(rows, (row) => row.term === 'LONG')),
        total: toDecimalString(gainOf(rows, () => true)),
        disallowed: toDecimalString(sumDecimals(rows.map((row) => row.adjustment))),
      })),
  };
};

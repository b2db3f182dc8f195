import { TAX_REPORT_COLUMNS } from '../contracts/taxes';
import type { Decimal } from '../shared/decimal';
import type { RealisedLot } from './gains';
import { nyTradeDate } from './trade-date';

/** MM/DD/YYYY, as Form 8949 writes dates. */
const formDate = (value: string): string => {
  const [year, month, day] = nyTradeDate(value).split('-');
  return `${month}/${day}/${year}`;
};

/** Two decimals, half up (the decimal default); a loss is negative ("-12.34"). */
const cents = (value: Decimal): string => {
  const text = value.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
};

const cell = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One Form 8949 row per closed lot: "10 sh AAPL", acquired, sold, proceeds, cost basis, gain or (loss), term. */
export const taxReportRows = (lots: readonly RealisedLot[]): string[][] =>
  lots.map((lot) => [
    `${lot.shares.toFixed()} sh ${lot.symbol}`,
    formDate(lot.acquiredAt),
    formDate(lot.soldAt),
    cents(lot.proceeds),
    cents(lot.costBasis),
    cents(lot.gain),
    lot.term === 'SHORT' ? 'Short-term' : 'Long-term',
  ]);

/**
 * The tax report of one year as CSV (header row TAX_REPORT_COLUMNS, CRLF line ends as RFC 4180 says): the lots the
 * year's sales closed, short-term rows first (Form 8949 Part I, then Part II), each by sale date.
 */
export const taxReportCsv = (lots: readonly RealisedLot[]): string => {
  const ordered = [...lots].sort(
    (a, b) =>
      (a.term === b.term ? 0 : a.term === 'SHORT' ? -1 : 1) ||
      (a.soldAt < b.soldAt ? -1 : a.soldAt > b.soldAt ? 1 : 0),
  );
  return [[...TAX_REPORT_COLUMNS], ...taxReportRows(ordered)]
    .map((row) => row.map(cell).join(','))
    .map((line) => `${line}\r\n`)
    .join('');
};

import type { DefaultCommandMetadata } from '../../shared/decider';
import { dec, sumDecimals, ZERO } from '../../shared/decimal';
import type { ImportedPositions } from '../commands';
import { trackingErrors } from '../errors';
import { executedAtSchema, type PositionsImported } from '../events';
import { nyTradeDate } from '../lots';
import { latestDateOnEarth } from './executed-at';
import { occurredAt } from './guards';

export const MAX_IMPORTED_POSITIONS = 2000;
const POSITIVE = /^\d+(\.\d+)?$/;

/**
 * The PositionsImported event for a new tracking: each row one lot (id `{eventId}:{n}`), its cost basis per share
 * from the row's total (else the snapshot price) and its acquired date (else today). Symbols, prices and the ETF
 * match are the API's; shares and prices must be positive decimals, cost basis not negative, dates not in the future.
 */
export const importedPositionsEvent = (
  imported: ImportedPositions,
  metadata: DefaultCommandMetadata,
): PositionsImported => {
  if (imported.rows.length === 0) throw trackingErrors.invalidImportedRow(0, 'there are no positions');
  if (imported.rows.length > MAX_IMPORTED_POSITIONS)
    throw trackingErrors.tooManyImportedRows(MAX_IMPORTED_POSITIONS);
  // The import's day: its New York trade date; a row's own date may run up to the latest date on Earth.
  const today = nyTradeDate(metadata.now.toISOString());
  const latest = latestDateOnEarth(metadata.now);
  const lots = imported.rows.map((row, index) => {
    const fail = (message: string) => trackingErrors.invalidImportedRow(index, message);
    const symbol = row.symbol.trim().toUpperCase();
    if (symbol === '') throw fail('the symbol is missing');
    if (!POSITIVE.test(row.shares) || dec(row.shares).lte(ZERO)) throw fail('shares must be more than 0');
    if (!POSITIVE.test(row.price) || dec(row.price).lte(ZERO)) throw fail(`there is no price for ${symbol}`);
    if (row.costBasis !== undefined && !POSITIVE.test(row.costBasis))
      throw fail('the cost basis must be a number of at least 0');
    if (row.acquired !== undefined) {
      if (!executedAtSchema.safeParse(row.acquired).success)
        throw fail('the acquired date must be YYYY-MM-DD');
      if (row.acquired.slice(0, 10) > latest) throw fail('the acquired date cannot be in the future');
    }
    const shares = dec(row.shares);
    return {
      lotId: `${imported.eventId}:${index + 1}`,
      symbol,
      shares: shares.toFixed(),
      price: dec(row.price).toFixed(),
      costPerShare:
        row.costBasis === undefined
          ? dec(row.price).toFixed()
          : dec(row.costBasis).div(shares).toDecimalPlaces(10).toFixed(),
      costBasisGiven: row.costBasis !== undefined,
      acquiredAt: row.acquired ?? today,
      acquiredGiven: row.acquired !== undefined,
    };
  });
  const amount = sumDecimals(lots.map((lot) => dec(lot.shares).mul(lot.price)));
  return {
    id: imported.eventId,
    type: 'PositionsImported',
    data: { lots, amount: amount.toFixed(), source: imported.source, occurredAt: occurredAt(metadata) },
  };
};

import { D, normaliseTicker, type TickerAliases } from '@etf-replicator/core';
import {
  type CorporateActionTerms,
  corporateActionTermsSchema,
} from '@etf-replicator/core/market-data/corporate-action-event';
import { z } from 'zod';
import type { FmpClient } from './fmp-client';

/** One row of FMP's split data (`/stable/splits?symbol=`): `numerator` new shares for `denominator` old ones. */
export const fmpSplitSchema = z.object({
  symbol: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  numerator: z.number().positive(),
  denominator: z.number().positive(),
});

/**
 * FMP's splits of one stock as corporate action terms (issue 32 item 2): ratio = numerator ÷ denominator through
 * decimal.js (10/1 → "10", 1/10 → "0.1"), effective on FMP's date. Rows on or after `since` only (the older ones
 * predate every lot the app can hold); a row whose ratio is 1 or whose terms break the rules is left out.
 */
export const fetchFmpSplits = async (
  client: FmpClient,
  symbol: string,
  { aliases, since }: { aliases: TickerAliases; since: string },
): Promise<CorporateActionTerms[]> => {
  const rows = await client.get('/stable/splits', { symbol: symbol.toUpperCase() }, z.array(fmpSplitSchema));
  return rows.flatMap((row) => {
    const effectiveOn = row.date.slice(0, 10);
    if (effectiveOn < since) return [];
    const ratio = new D(row.numerator).div(new D(row.denominator));
    const parsed = corporateActionTermsSchema.safeParse({
      type: 'SPLIT',
      symbol: normaliseTicker(row.symbol, aliases).symbol,
      ratio: ratio.toDecimalPlaces(10).toFixed(),
      effectiveOn,
      note: `FMP split data: ${row.numerator} for ${row.denominator}`,
    });
    return parsed.success ? [parsed.data] : [];
  });
};

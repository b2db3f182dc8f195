import { z } from 'zod';
import { D } from '../shared/decimal';
import { parseCsv } from './csv';

/** One row of `data/etf/holdings/<ETF>.csv`, as the spec's ETF holding entity names the fields. */
export type HoldingRow = {
  readonly asset: string;
  readonly name: string;
  readonly isin: string | null;
  readonly cusip: string | null;
  readonly sharesNumber: string | null;
  /** Percent of the fund, decimal string ("8.46"). */
  readonly weightPercentage: string;
  readonly price: string | null;
  readonly marketValue: string | null;
  /** As-of or retrieval date (see SOURCES.md), ISO date. */
  readonly updated: string | null;
};

const optionalText = z
  .string()
  .transform((value) => value.trim())
  .transform((value) => (value === '' ? null : value));
/** Issuer files sometimes write tiny weights in exponent form ("4e-06"); we store plain decimals ("0.000004"). */
const NUMBER_TEXT = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;
const plainDecimal = (value: string) => new D(value).toFixed();
const optionalDecimal = optionalText
  .refine((value) => value === null || NUMBER_TEXT.test(value), { message: 'expected a decimal number' })
  .transform((value) => (value === null ? null : plainDecimal(value)));

const holdingRowSchema = z.object({
  asset: z.string().trim().min(1, 'asset (ticker) is required'),
  name: z.string().trim(),
  isin: optionalText,
  cusip: optionalText,
  sharesNumber: optionalDecimal,
  weightPercentage: z
    .string()
    .trim()
    .regex(NUMBER_TEXT, 'weightPercentage must be a decimal number')
    .transform(plainDecimal),
  price: optionalDecimal,
  marketValue: optionalDecimal,
  updated: optionalText,
});

export const HOLDINGS_COLUMNS = Object.keys(holdingRowSchema.shape);

/** Parses a holdings CSV (header asset,name,isin,cusip,sharesNumber,weightPercentage,price,marketValue,updated). */
export const parseHoldingsCsv = (csvText: string): HoldingRow[] =>
  parseCsv(csvText).map((record, index) => {
    const parsed = holdingRowSchema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`holdings row ${index + 2}: ${issue?.path.join('.')}: ${issue?.message}`);
    }
    return parsed.data;
  });

import { z } from 'zod';
import { D } from '../shared/decimal';

/** JSON numbers in funds.json (AUM, expense ratio, exposures) become decimal strings at this boundary. */
const decimalFromNumber = z.number().transform((value) => new D(value).toFixed());
const nullableText = z.string().nullable();

const sectorSchema = z.object({ industry: z.string(), exposure: decimalFromNumber });

export const fundSchema = z.object({
  symbol: z.string().min(1),
  name: z.string(),
  etfCompany: nullableText,
  brand: nullableText,
  website: nullableText.optional().default(null),
  assetClass: nullableText,
  domicile: nullableText,
  /** Percent, e.g. "0.03". */
  expenseRatio: decimalFromNumber.nullable(),
  inceptionDate: nullableText,
  isin: nullableText,
  indexTracked: nullableText,
  structure: nullableText,
  aum: decimalFromNumber.nullable(),
  sharesOutstanding: decimalFromNumber.nullable(),
  factsAsOf: nullableText,
  holdingsCount: z.number().int().nullable(),
  holdingsAsOf: nullableText,
  /** Path relative to data/etf, or null when the fund has no holdings file. */
  holdingsFile: nullableText,
  holdingsFields: z.array(z.string()),
  sectorsList: z.array(sectorSchema),
  sectorsSource: nullableText,
  /** False for partial or missing holdings (DIA top-15, LEAD): not for replication. */
  holdingsComplete: z.boolean(),
  holdingsNote: z.string().optional(),
});

export type Fund = z.infer<typeof fundSchema>;

export const parseFunds = (jsonText: string): Fund[] => z.array(fundSchema).parse(JSON.parse(jsonText));

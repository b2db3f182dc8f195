import { z } from 'zod';
import { wholeNumber } from './whole-number';

/** Contracts of the tax routes (issue 19): lots, realised gains, the lot method. Amounts are decimal strings. */
const decimalString = z.string();
const termContract = z.enum(['SHORT', 'LONG']);
export const lotMethodContract = z.enum(['HIFO', 'FIFO']);

/** POST /api/trackings/{id}/lotMethod */
export const lotMethodRequestSchema = z.strictObject({ method: lotMethodContract });

/** GET /api/trackings/{id}/lots: the open lots per holding, valued at the latest snapshot price. */
export const openLotSchema = z.object({
  lotId: z.string(),
  shares: decimalString,
  costPerShare: decimalString,
  costBasis: decimalString,
  acquiredAt: z.string(),
  price: decimalString.nullable(),
  marketValue: decimalString.nullable(),
  gain: decimalString.nullable(),
  /** The term a sale today would have. */
  term: termContract,
});
export const holdingLotsSchema = z.object({
  symbol: z.string(),
  shares: decimalString,
  costBasis: decimalString,
  price: decimalString.nullable(),
  marketValue: decimalString.nullable(),
  gain: decimalString.nullable(),
  gainPercent: decimalString.nullable(),
  lots: z.array(openLotSchema),
});
export const lotsResponseSchema = z.object({
  lotMethod: lotMethodContract,
  asOf: z.string(),
  holdings: z.array(holdingLotsSchema),
});
export type LotsResponse = z.infer<typeof lotsResponseSchema>;

/** GET /api/trackings/{id}/realized-gains?year= */
export const realizedGainsQuerySchema = z.object({
  year: wholeNumber('must be a year')
    .pipe(z.number().int().min(1900, 'must be a year').max(9999, 'must be a year'))
    .optional(),
});
export const realizedLotSchema = z.object({
  saleId: z.string(),
  lotId: z.string(),
  symbol: z.string(),
  shares: decimalString,
  acquiredAt: z.string(),
  soldAt: z.string(),
  proceeds: decimalString,
  costBasis: decimalString,
  gain: decimalString,
  holdingDays: z.number().int(),
  term: termContract,
});
export const realizedYearSchema = z.object({
  year: z.number().int(),
  proceeds: decimalString,
  costBasis: decimalString,
  shortTerm: decimalString,
  longTerm: decimalString,
  total: decimalString,
});
export const realizedGainsResponseSchema = z.object({
  /** The year asked for; null for every year. */
  year: z.number().int().nullable(),
  lots: z.array(realizedLotSchema),
  years: z.array(realizedYearSchema),
});
export type RealizedGainsResponse = z.infer<typeof realizedGainsResponseSchema>;

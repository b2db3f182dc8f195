import { z } from 'zod';
import { wholeNumber } from './whole-number';

/** Contracts of the tax routes (issue 19): lots, realised gains, the lot method. Amounts are decimal strings. */
const decimalString = z.string();
/** A Form 8949 term: UNKNOWN when the holding-period start is unknown (an import without a date). */
export const termWithUnknownContract = z.enum(['SHORT', 'LONG', 'UNKNOWN']);
export const lotMethodContract = z.enum(['HIFO', 'FIFO', 'TAX_OPTIMAL']);

/** POST /api/trackings/{id}/lotMethod */
export const lotMethodRequestSchema = z.strictObject({ method: lotMethodContract });

/**
 * A disallowed loss carried into an open lot (issue 26): the loss sale it comes from (any of the investor's
 * trackings), the replacement shares that absorbed it and the amount added to their basis (positive).
 */
export const lotWashSaleSchema = z.object({
  saleId: z.string(),
  symbol: z.string(),
  soldOn: z.string(),
  shares: decimalString,
  amount: decimalString,
});
export type LotWashSale = z.infer<typeof lotWashSaleSchema>;

/**
 * GET /api/trackings/{id}/lots: the open lots per holding, valued at the latest snapshot price. A lot that absorbed
 * a disallowed loss for only some of its shares is listed as two parts (same `lotId`), each with its own basis and
 * holding-period start (issue 26: the investor's wash-sale ledger).
 */
export const openLotSchema = z.object({
  lotId: z.string(),
  shares: decimalString,
  /** Adjusted basis per share (costBasis / shares); null when the cost is unknown (an import without basis). */
  costPerShare: decimalString.nullable(),
  /** Adjusted basis: cost + carried disallowed losses (`adjustment`); null when the cost is unknown. */
  costBasis: decimalString.nullable(),
  /** When the lot was recorded (the BUY's fill time, the import's date). */
  acquiredAt: z.string(),
  /** Whether the import gave the cost and the acquisition date (true for BUYs); unknown ones are never invented. */
  costKnown: z.boolean(),
  dateKnown: z.boolean(),
  /** Disallowed losses carried into this lot's basis, positive ("0" when none). */
  adjustment: decimalString,
  /** New York date the holding period counts from (earlier than the acquisition after a wash sale); null: unknown. */
  holdingStart: z.string().nullable(),
  /** The wash sales whose disallowed loss this lot carries. */
  washSales: z.array(lotWashSaleSchema),
  price: decimalString.nullable(),
  marketValue: decimalString.nullable(),
  /** Unrealised gain against the adjusted basis; null when the price or the cost is unknown. */
  gain: decimalString.nullable(),
  /** The term a sale today would have; UNKNOWN when the acquisition date is unknown. */
  term: termWithUnknownContract,
});
export type OpenLot = z.infer<typeof openLotSchema>;
export const holdingLotsSchema = z.object({
  symbol: z.string(),
  shares: decimalString,
  /** Σ adjusted basis of the lots; null when some lot's cost is unknown. */
  costBasis: decimalString.nullable(),
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
/**
 * One realised row (a Form 8949 row): the shares of one lot part closed by one sale. Amounts are exact (the CSV and
 * the account report's `parts` round the cells); `gain` = proceeds − costBasis + adjustment.
 */
export const realizedLotSchema = z.object({
  saleId: z.string(),
  lotId: z.string(),
  trackingId: z.string(),
  symbol: z.string(),
  shares: decimalString,
  /** Column (b): the holding-period start (New York date); null when unknown. */
  acquiredOn: z.string().nullable(),
  /** Column (c): the sale's New York trade date. */
  soldOn: z.string(),
  /** Same as acquiredOn / soldOn (kept for older clients). */
  acquiredAt: z.string().nullable(),
  soldAt: z.string(),
  proceeds: decimalString,
  /** Column (e): the adjusted basis; null when unknown. */
  costBasis: decimalString.nullable(),
  /** Column (f): W when part of the loss is disallowed (a wash sale). */
  code: z.enum(['W', '']),
  /** Column (g): the disallowed loss, positive ("0" when none). */
  adjustment: decimalString,
  /** Column (h); null when the basis is unknown. */
  gain: decimalString.nullable(),
  /** Days from the holding-period start to the sale; null when the start is unknown. */
  holdingDays: z.number().int().nullable(),
  term: termWithUnknownContract,
  /** The harvest that sold this lot (POST /harvest); null for ordinary sales. */
  harvestId: z.string().nullable(),
});
export type RealizedLot = z.infer<typeof realizedLotSchema>;
/** Totals of one tax year (New York date of the sale); rows with an unknown basis count in proceeds only. */
export const realizedYearSchema = z.object({
  year: z.number().int(),
  proceeds: decimalString,
  costBasis: decimalString,
  shortTerm: decimalString,
  longTerm: decimalString,
  total: decimalString,
  /** Losses realised by harvests that year, as a positive amount (part of shortTerm/longTerm above). */
  harvestedLoss: decimalString,
  /** Σ column (g): disallowed losses of the year's W rows, positive. */
  adjustment: decimalString,
});
export type RealizedYear = z.infer<typeof realizedYearSchema>;
export const realizedGainsResponseSchema = z.object({
  /** The year asked for; null for every year. */
  year: z.number().int().nullable(),
  lots: z.array(realizedLotSchema),
  years: z.array(realizedYearSchema),
});
export type RealizedGainsResponse = z.infer<typeof realizedGainsResponseSchema>;

export * from './tax-harvesting';

/** GET /api/trackings/{id}/tax-report.csv?year= (year required). */
export const taxReportQuerySchema = z.object({
  year: wholeNumber('must be a year').pipe(
    z.number().int().min(1900, 'must be a year').max(9999, 'must be a year'),
  ),
});
/**
 * The CSV's header row, in order (IRS Form 8949 columns (a)-(e), (h), and the term that picks Part I or II).
 * Dates are MM/DD/YYYY; amounts have 2 decimals, losses negative; description like "10 sh AAPL".
 */
export const TAX_REPORT_COLUMNS = [
  'Description of property',
  'Date acquired',
  'Date sold',
  'Proceeds',
  'Cost basis',
  'Gain or (loss)',
  'Term',
] as const;
/** The file name the report is served as (Content-Disposition: attachment). */
export const taxReportFileName = (symbol: string, year: number) => `tax-report-${symbol}-${year}.csv`;

// ---------------------------------------------------------------------------------------------------------------
// The investor's wash-sale ledger across all trackings (issue 26): account Form 8949, open windows, warnings.
// ---------------------------------------------------------------------------------------------------------------

/** GET /api/tax/realized-gains?year= and GET /api/tax/report.csv?year=: year optional (default: current NY year). */
export const accountTaxYearQuerySchema = z.object({
  year: wholeNumber('must be a year')
    .pipe(z.number().int().min(1900, 'must be a year').max(9999, 'must be a year'))
    .optional(),
});

/** A realised row of any of the investor's trackings (deleted ones included), with the tracking's label. */
export const accountRealizedRowSchema = realizedLotSchema.extend({
  /** The tracking's ETF symbol and creation date, e.g. "SPY (created Mar 3, 2026)". */
  trackingLabel: z.string(),
});
export type AccountRealizedRow = z.infer<typeof accountRealizedRowSchema>;

/**
 * One Form 8949 section: Part I (short-term) or II (long-term) with its box (A/D: basis known; B/E: basis not
 * known), or UNKNOWN (holding period unknown, box null). Cells rounded to cents like the CSV, totals = Σ rounded
 * cells; costBasis and gain are null when some row's basis is unknown.
 */
export const form8949PartSchema = z.object({
  part: z.enum(['I', 'II', 'UNKNOWN']),
  box: z.enum(['A', 'B', 'D', 'E']).nullable(),
  proceeds: decimalString,
  costBasis: decimalString.nullable(),
  adjustment: decimalString,
  gain: decimalString.nullable(),
  count: z.number().int().nonnegative(),
});
export type Form8949Part = z.infer<typeof form8949PartSchema>;

export const accountRealizedGainsResponseSchema = z.object({
  /** The tax year shown. */
  year: z.number().int(),
  /** The year's rows, in sale order. */
  rows: z.array(accountRealizedRowSchema),
  /** The year's Form 8949 sections (only those with rows). */
  parts: z.array(form8949PartSchema),
  /** Every year with sales, newest first, with its totals (the year picker). */
  years: z.array(realizedYearSchema),
  /** The shown year's totals (zeros when it has no sales). */
  totals: realizedYearSchema,
});
export type AccountRealizedGainsResponse = z.infer<typeof accountRealizedGainsResponseSchema>;
/** The file name the account report is served as (Content-Disposition: attachment). */
export const accountTaxReportFileName = (year: number) => `form-8949-${year}.csv`;

/**
 * An open wash-sale window: a loss sale of the investor (any tracking) whose loss a buy of the same security (share
 * classes of one issuer included) up to `until` would still disallow.
 */
export const washWindowSchema = z.object({
  symbol: z.string(),
  soldOn: z.string(),
  /** Last day a buy would still disallow (soldOn + 30 days). */
  until: z.string(),
  saleId: z.string(),
  trackingId: z.string(),
  trackingLabel: z.string(),
  /** Loss still deductible (not yet disallowed), positive. */
  openLoss: decimalString,
  /** Loss shares no replacement has matched yet. */
  unmatchedShares: decimalString,
  /** Why it is open, in a sentence ("AAPL sold at a loss on Nov 20, 2026"). */
  reason: z.string(),
});
export type WashWindowView = z.infer<typeof washWindowSchema>;
/** GET /api/tax/windows */
export const washWindowsResponseSchema = z.object({ asOf: z.string(), windows: z.array(washWindowSchema) });
export type WashWindowsResponse = z.infer<typeof washWindowsResponseSchema>;

/** A BUY the orders would suggest but that a wash-sale window holds back (the suggested orders leave it out). */
export const heldBackBuySchema = z.object({
  symbol: z.string(),
  shares: decimalString,
  /** Last day of the window; the BUY is suggested again from the day after. */
  until: z.string(),
  reason: z.string(),
});
export type HeldBackBuy = z.infer<typeof heldBackBuySchema>;

/** A recorded BUY inside a window: recorded anyway (the broker executed it), the loss it disallows named. */
export const washSaleWarningSchema = z.object({
  code: z.literal('WASH_SALE'),
  symbol: z.string(),
  /** The loss sale's New York trade date. */
  saleDate: z.string(),
  /** Positive amount of that sale's loss now disallowed and added to the new lot's basis. */
  disallowedLoss: decimalString,
});
export type WashSaleWarning = z.infer<typeof washSaleWarningSchema>;

/**
 * A lot a suggested SELL closes (issue 31): the specific-lot instruction for the broker, with the gain or loss it
 * realises at the latest price and its term (null: date unknown, counted as short term). `lotId` null: shares held
 * without a lot (basis unknown: the whole proceeds count as gain).
 */
export const orderLotSchema = z.object({
  lotId: z.string().nullable(),
  shares: z.string(),
  /** The lot's trade date (holding-period start after a wash sale) and adjusted cost; null when unknown. */
  acquiredAt: z.string().nullable(),
  costPerShare: z.string().nullable(),
  gain: z.string(),
  term: z.enum(['SHORT', 'LONG']).nullable(),
});
export type OrderLot = z.infer<typeof orderLotSchema>;

/**
 * The tracking's gains budget (issue 31) as the detail shows it. The served detail adds the year's realised net
 * gain of the tracking's sales (the tax ledger), what the suggested orders and today's unconstrained orders would
 * realise, and whether the budget applies to today's sales (its year is the current New York tax year).
 */
export const taxBudgetViewSchema = z.object({
  year: z.number().int(),
  maxNetGain: z.string().nullable(),
  allowShortTermGains: z.boolean(),
  yearRealisedNetGain: z.string().optional(),
  ordersRealisedNetGain: z.string().optional(),
  unconstrainedRealisedNetGain: z.string().optional(),
  applies: z.boolean().optional(),
});
export type TaxBudgetView = z.infer<typeof taxBudgetViewSchema>;

import { z } from 'zod';
import { DECIMAL_STRING } from '../shared/decimal';

/**
 * `EtfSnapshotPublished` on `etf-{SYMBOL}` (DESIGN §6.5): one ETF's fund facts and every holding with the price the
 * app uses, self-contained so that a replay is deterministic and support sees exactly the prices a user saw.
 * Weights, prices, share counts and money are decimal strings; nothing in the payload is a float.
 */
export const ETF_SNAPSHOT_PUBLISHED = 'EtfSnapshotPublished';
export const ETF_SNAPSHOT_SCHEMA_VERSION = 1;
export const ETF_STREAM_CATEGORY = 'etf';

export const etfStreamId = (symbol: string): string => `${ETF_STREAM_CATEGORY}-${symbol.toUpperCase()}`;

const decimalString = z.string().regex(DECIMAL_STRING, 'expected a decimal string');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected an ISO date (YYYY-MM-DD)');

export const snapshotHoldingSchema = z.object({
  /** Canonical ticker (alias table applied: BRKB, BRK-B and BRK/B are all BRK.B). */
  symbol: z.string().min(1),
  /** The ticker exactly as the source wrote it. */
  rawSymbol: z.string().min(1),
  name: z.string(),
  /** Percent of the fund ("8.46"). */
  weightPercentage: decimalString,
  /** The price the app uses for this holding, or null when no source has one (then isAvailable is false). */
  price: decimalString.nullable(),
  priceAsOf: isoDate.nullable(),
  /** Where the price came from (a prices.csv source tag, 'holdings-file', 'fmp-quote', …). */
  priceSource: z.string().nullable(),
  isAvailable: z.boolean(),
  sharesNumber: decimalString.nullable(),
  marketValue: decimalString.nullable(),
  cusip: z.string().nullable(),
  isin: z.string().nullable(),
  /** Date the source gives for the row (as-of or retrieval date, see asOf.holdingsDateKind). */
  updated: isoDate.nullable(),
  /** GICS sector where a source gives one. */
  sector: z.string().nullable(),
});
export type SnapshotHolding = z.infer<typeof snapshotHoldingSchema>;

export const snapshotSectorSchema = z.object({ industry: z.string(), exposure: decimalString });
export type SnapshotSector = z.infer<typeof snapshotSectorSchema>;

export const snapshotFundSchema = z.object({
  name: z.string(),
  etfCompany: z.string().nullable(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  assetClass: z.string().nullable(),
  domicile: z.string().nullable(),
  /** Percent ("0.03" = 0.03 % a year). */
  expenseRatio: decimalString.nullable(),
  inceptionDate: isoDate.nullable(),
  isin: z.string().nullable(),
  indexTracked: z.string().nullable(),
  structure: z.string().nullable(),
  aum: decimalString.nullable(),
  sharesOutstanding: decimalString.nullable(),
});
export type SnapshotFund = z.infer<typeof snapshotFundSchema>;

export const snapshotAsOfSchema = z.object({
  /** Date of the fund facts. */
  facts: isoDate.nullable(),
  /** Date the holdings describe; see holdingsDateKind for what it means. */
  holdings: isoDate.nullable(),
  /**
   * 'as-of': the issuer's own holdings date. 'retrieved': the source states none, this is when it was fetched.
   * 'derived': holdings computed from an index rule on that date (DIA).
   */
  holdingsDateKind: z.enum(['as-of', 'retrieved', 'derived']).nullable(),
  /** Oldest and newest price date among the priced holdings. */
  pricesFrom: isoDate.nullable(),
  pricesTo: isoDate.nullable(),
});
export type SnapshotAsOf = z.infer<typeof snapshotAsOfSchema>;

export const snapshotSourceSchema = z.object({
  provider: z.enum(['bundled', 'fmp']),
  /** Human-readable origin: the bundled files or the provider's base URL (never a key). */
  reference: z.string(),
});

/** Everything that describes the snapshot; its canonical JSON is what `contentHash` hashes. */
export const etfSnapshotContentSchema = z.object({
  symbol: z.string().min(1),
  source: snapshotSourceSchema,
  fund: snapshotFundSchema,
  /** False when the source has no usable holdings list (LEAD): the facts stand, the holdings list is empty. */
  holdingsAvailable: z.boolean(),
  holdingsNote: z.string().nullable(),
  /** In the source's order. */
  holdings: z.array(snapshotHoldingSchema),
  /** Largest exposure first. */
  sectors: z.array(snapshotSectorSchema),
  sectorsSource: z.string().nullable(),
  asOf: snapshotAsOfSchema,
});
export type EtfSnapshotContent = z.infer<typeof etfSnapshotContentSchema>;

export const etfSnapshotPublishedSchema = etfSnapshotContentSchema.extend({
  /** "sha256:<hex>" of the content's canonical JSON: equal content, equal hash (idempotent imports). */
  contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
});
export type EtfSnapshotPublished = z.infer<typeof etfSnapshotPublishedSchema>;

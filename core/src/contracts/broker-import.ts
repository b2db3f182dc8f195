import { z } from 'zod';
import { BROKER_LAYOUT_IDS } from '../broker-import/layouts';
import { adjustmentOrderSchema, numberOrDecimalString, pricesAsOfSchema } from './trackings';

/**
 * Issue 17: trackings created from positions held at a broker (POST /api/trackings/import[/preview]) and the
 * CSV exports of a tracking (GET /api/trackings/{id}/orders.csv, positions.csv).
 */

/** One position row given as JSON instead of a file. `costBasis`: the row's total cost. */
export const importRowSchema = z.strictObject({
  symbol: z.string().trim().min(1, 'is required').max(20),
  shares: numberOrDecimalString,
  costBasis: numberOrDecimalString.nullish(),
  acquired: z.string().trim().nullish(),
});
export type ImportRow = z.input<typeof importRowSchema>;

export const MAX_IMPORT_CSV_CHARS = 512 * 1024;

/**
 * The JSON body (a multipart body carries the same fields as form fields and the CSV as the `file` part). Exactly
 * one of `csv` (a broker's export, as text) and `rows`. Without `targetInvestmentAmount` the target is the imported
 * positions' value at the snapshot's prices.
 */
export const importTrackingRequestSchema = z
  .strictObject({
    symbol: z.string().trim().min(1, 'is required'),
    targetInvestmentAmount: numberOrDecimalString.optional(),
    fractionalShares: z.boolean().optional(),
    autoTracking: z.boolean().optional(),
    csv: z.string().max(MAX_IMPORT_CSV_CHARS, 'is too long (at most 512 KB)').optional(),
    rows: z.array(importRowSchema).max(2000, 'at most 2000 rows').optional(),
  })
  .refine((body) => (body.csv === undefined) !== (body.rows === undefined), {
    message: "give either csv (a file's text) or rows, not both",
    path: ['csv'],
  });
export type ImportTrackingRequest = z.input<typeof importTrackingRequestSchema>;

export const importedPositionSchema = z.object({
  /** The file's line (null for JSON rows: `row` is then the index + 1). */
  line: z.number().int().nullable(),
  symbol: z.string(),
  shares: z.string(),
  price: z.string(),
  value: z.string(),
  costBasis: z.string(),
  costBasisFrom: z.enum(['file', 'snapshotPrice']),
  acquired: z.string(),
  acquiredFrom: z.enum(['file', 'today']),
});
export type ImportedPosition = z.infer<typeof importedPositionSchema>;

export const ignoredRowSchema = z.object({
  line: z.number().int().nullable(),
  symbol: z.string().nullable(),
  reason: z.string(),
});

export const importPreviewSchema = z.object({
  etfSymbol: z.string(),
  /** Where the rows came from: a broker layout, or `json`. */
  source: z.object({ id: z.enum([...BROKER_LAYOUT_IDS, 'json']), name: z.string() }),
  recorded: z.array(importedPositionSchema),
  ignored: z.array(ignoredRowSchema),
  importedValue: z.string(),
  targetInvestmentAmount: z.string(),
  /** Cash after the import: target − imported value (negative: the positions are worth more than the target). */
  leftoverAmount: z.string(),
  /** The adjustment orders the tracking will suggest right after the import. */
  orders: z.array(adjustmentOrderSchema),
  replicationRate: z.string(),
  notes: z.array(z.string()),
  /** The dates of the closes the positions are valued at (issue 32: one "prices as of"). */
  pricesAsOf: pricesAsOfSchema.nullish(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importTrackingResponseSchema = z.object({
  trackingId: z.string(),
  symbol: z.string(),
  preview: importPreviewSchema,
});

/** GET /api/trackings/{id}/orders.csv?layout= */
export const ORDER_CSV_LAYOUTS = ['generic', 'ibkr'] as const;
export const ordersCsvQuerySchema = z.object({
  layout: z.enum(ORDER_CSV_LAYOUTS, { message: 'must be generic or ibkr' }).default('generic'),
});

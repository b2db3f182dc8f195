import { z } from 'zod';
import { BROKER_LAYOUT_IDS } from '../broker-import/layouts';
import { indexRequestSchema } from './indexes';
import { taxBudgetRequestSchema } from './tax-budget';
import {
  adjustmentOrderSchema,
  numberOrDecimalString,
  pausedOrderSchema,
  pricesAsOfSchema,
} from './trackings';

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

/** How the target combines with the file's cash (also the OpenAPI description of the import routes). */
export const IMPORT_TARGET_RULE =
  "Without targetInvestmentAmount the target is the imported positions' value at the snapshot's prices plus the file's cash and money market rows (rounded up to the cent), so the cash to invest (target − positions' value) is that cash. With targetInvestmentAmount the target is that amount and the file's cash is not added; an amount below the positions' value is refused (400).";

/**
 * The JSON body (a multipart body carries the same fields as form fields, `index` and `taxBudget` as JSON text, and
 * the CSV as the `file` part). Exactly one of `csv` (a broker's export, as text) and `rows`. The target: see
 * IMPORT_TARGET_RULE. The ETF `symbol`, or `index` (issue 30: a blend or a custom list). `taxBudget` (issue 31): the
 * gains budget the tracking starts with, set in the same append as the positions (the preview's orders honour it).
 */
export const importTrackingRequestSchema = z
  .strictObject({
    symbol: z.string().trim().min(1, 'is required').optional(),
    index: indexRequestSchema.optional(),
    taxBudget: taxBudgetRequestSchema.optional(),
    targetInvestmentAmount: numberOrDecimalString.optional().describe(IMPORT_TARGET_RULE),
    fractionalShares: z.boolean().optional(),
    autoTracking: z.boolean().optional(),
    csv: z.string().max(MAX_IMPORT_CSV_CHARS, 'is too long (at most 512 KB)').optional(),
    rows: z.array(importRowSchema).max(2000, 'at most 2000 rows').optional(),
  })
  .refine((body) => (body.csv === undefined) !== (body.rows === undefined), {
    message: "give either csv (a file's text) or rows, not both",
    path: ['csv'],
  })
  .refine((body) => body.symbol !== undefined || body.index !== undefined, {
    message: 'is required',
    path: ['symbol'],
  });
export type ImportTrackingRequest = z.input<typeof importTrackingRequestSchema>;

export const importedPositionSchema = z.object({
  /** The file's line (null for JSON rows: `row` is then the index + 1). */
  line: z.number().int().nullable(),
  symbol: z.string(),
  shares: z.string(),
  price: z.string(),
  /** shares × price: what the lot counts for in the replication. */
  value: z.string(),
  /** The lot's total cost from the file; null when the file gives none (tax reports show it as unknown). */
  costBasis: z.string().nullable(),
  basisKnown: z.boolean(),
  /** ISO date from the file; null when the file gives none (tax reports show it as unknown). */
  acquired: z.string().nullable(),
  dateKnown: z.boolean(),
});
export type ImportedPosition = z.infer<typeof importedPositionSchema>;

export const ignoredRowSchema = z.object({
  line: z.number().int().nullable(),
  symbol: z.string().nullable(),
  reason: z.string(),
  /** A cash or money market row: the amount it holds. */
  amount: z.string().optional(),
});

export const importPreviewSchema = z.object({
  /** The tracking's ETF (for a blend its first ETF, for a custom list the list's symbol). */
  etfSymbol: z.string(),
  /** Issue 30: the name of a blend or a custom list the import follows ("70 % VTI + 30 % QQQ"). */
  indexLabel: z.string().optional(),
  /** Where the rows came from: a broker layout, or `json`. */
  source: z.object({ id: z.enum([...BROKER_LAYOUT_IDS, 'json']), name: z.string() }),
  recorded: z.array(importedPositionSchema),
  ignored: z.array(ignoredRowSchema),
  importedValue: z.string(),
  /** The file's cash and money market rows added up ("0.00" for JSON rows). */
  cashAmount: z.string(),
  /** Where the target comes from: the amount asked for, or the positions' value plus the file's cash. */
  targetFrom: z.enum(['request', 'positionsAndCash']),
  targetInvestmentAmount: z.string(),
  /** Cash after the import: target − imported value (negative: the positions are worth more than the target). */
  leftoverAmount: z.string(),
  /** The adjustment orders the tracking will suggest right after the import. */
  orders: z.array(adjustmentOrderSchema),
  /** Orders left out of `orders`: a held symbol's price move no recorded corporate action explains (issue 32). */
  pausedOrders: z.array(pausedOrderSchema).optional(),
  replicationRate: z.string(),
  /** Summary lines: lots with unknown basis or date, the broker's lot-level export, how the target was set. */
  notes: z.array(z.string()),
  /** The dates of the closes the positions are valued at (issue 32: one "prices as of"). */
  pricesAsOf: pricesAsOfSchema.nullish(),
  /** Net capital gain the orders' sales would realise (issue 31): what a gains budget can hold back. */
  unconstrainedRealisedNetGain: z.string().optional(),
  /** The budgets offered before confirming ($0, $5,000, no limit) with the rate each reaches and what it realises. */
  taxBudgetOptions: z
    .array(
      z.object({
        maxNetGain: z.string().nullable(),
        replicationRate: z.string(),
        realisedNetGain: z.string(),
      }),
    )
    .optional(),
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

import { z } from 'zod';

/** The rate-history answer (issue 21) with the snapshot and alert marks of issue 20. Rates are decimal strings. */

const decimalString = z.string();

/**
 * GET /api/trackings/{id}/rate-history: the replication rate after each of the tracking's events (creation first),
 * measured with today's snapshot; `truncated` when only the latest RATE_HISTORY_LIMIT are given.
 */
export const RATE_HISTORY_LIMIT = 2000;
export const ratePointSchema = z.object({
  revision: z.number().int().nonnegative(),
  timestamp: z.string(),
  eventType: z.string(),
  rate: decimalString,
  /** The share of the whole ETF held after the event (the dashboard's headline, issue 32); absent before it. */
  etfRate: decimalString.optional(),
});
export type RatePoint = z.infer<typeof ratePointSchema>;
/** An ETF snapshot published since the tracking was created: the chart marks when prices moved (issue 20). */
export const rateSnapshotMarkSchema = z.object({
  publishedAt: z.string(),
  /** The date its holdings describe, when known. */
  asOf: z.string().nullable(),
  provider: z.string(),
});
/** A drift alert the tracking raised, with the rates it compared (issue 20). */
export const rateAlertMarkSchema = z.object({
  id: z.string(),
  raisedAt: z.string(),
  referenceRate: decimalString.nullable(),
  currentRate: decimalString,
});
export type RateSnapshotMark = z.infer<typeof rateSnapshotMarkSchema>;
export type RateAlertMark = z.infer<typeof rateAlertMarkSchema>;
export const rateHistorySchema = z.object({
  points: z.array(ratePointSchema),
  truncated: z.boolean(),
  snapshots: z.array(rateSnapshotMarkSchema),
  alerts: z.array(rateAlertMarkSchema),
});
export type RateHistory = z.infer<typeof rateHistorySchema>;

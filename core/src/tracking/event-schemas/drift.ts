import { z } from 'zod';
import { decimal, occurredAt } from './primitives';

/**
 * The drift alert setting (issue 20): on/off and how many points the replication rate may fall below the rate the
 * tracking reached after its last executed order. Not an action: it changes no money, so it is not revertible; the
 * previous values are recorded so that history and audit can show the change.
 */
export const driftAlertSettingsChangedSchema = z.object({
  enabled: z.boolean(),
  thresholdPoints: decimal,
  previousEnabled: z.boolean(),
  previousThresholdPoints: decimal,
  occurredAt,
});

/**
 * A new ETF snapshot moved the tracking past its drift alert threshold (issue 20): the replication rate fell
 * `thresholdPoints` or more below the rate reached after the last executed order, or the leftover/over-investment
 * grew by more than `thresholdPoints` % of the target since then. Decided by the drift check after a snapshot; its
 * id derives from the tracking and the snapshot event, so a re-run appends nothing.
 */
export const driftAlertRaisedSchema = z.object({
  snapshotEventId: z.string().min(1),
  userId: z.string().min(1),
  etfSymbol: z.string().min(1),
  /** Rate right after the last executed order (null when only the balance check applied). */
  referenceRate: decimal.nullable(),
  currentRate: decimal,
  thresholdPoints: decimal,
  /** |leftover| or |invested + leftover − target|, whichever is larger, now. */
  outOfBalance: decimal,
  targetAmount: decimal,
  reasons: z.array(z.enum(['rate', 'balance'])).min(1),
  occurredAt,
});

/** The tracking is back within its threshold (a later snapshot); the next crossing may alert again. */
export const driftRecoveredSchema = z.object({
  snapshotEventId: z.string().min(1),
  currentRate: decimal,
  occurredAt,
});

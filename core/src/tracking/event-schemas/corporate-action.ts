import { z } from 'zod';
import { decimal, lotCloseSchema, occurredAt } from './primitives';

/** SPLIT (and reverse split), RENAME (ticker change), SPINOFF (issue 32 item 2). */
export const CORPORATE_ACTION_TYPES = ['SPLIT', 'RENAME', 'SPINOFF'] as const;
export const corporateActionTypeSchema = z.enum(CORPORATE_ACTION_TYPES);
export type CorporateActionType = z.infer<typeof corporateActionTypeSchema>;

/** A lot exactly as it was before the action (what the revert restores). */
export const lotBeforeSchema = lotCloseSchema.extend({ symbol: z.string().min(1) });
export type LotBeforeJson = z.infer<typeof lotBeforeSchema>;

/**
 * `CorporateActionApplied`: a recorded corporate action (market data's `CorporateActionRecorded`, id `actionId`)
 * applied by the system to this tracking's lots of `symbol` acquired on or before `effectiveOn` (`lotsBefore`, as
 * they were). The fold derives everything else from them (evolve-corporate-action.ts):
 * SPLIT: shares × ratio, cost per share ÷ ratio; RENAME: the lots carry `toSymbol`; SPINOFF: the parent lot keeps
 * basis × (1 − basisFraction), a lot of `toSymbol` opens with shares × ratio and basis × basisFraction (lot id
 * `${lotId}:${actionId}`). Acquired dates never change. Revertible (the revert restores `lotsBefore` exactly).
 */
export const corporateActionAppliedSchema = z.object({
  actionId: z.string().min(1),
  type: corporateActionTypeSchema,
  symbol: z.string().min(1),
  toSymbol: z.string().min(1).nullable(),
  /** New shares per old share: "10" for a 10-for-1 split, "0.1" for a 1-for-10 reverse split. */
  ratio: decimal,
  /** SPINOFF only: the share of the parent's basis that moves to the new stock (Form 8937); else null. */
  basisFraction: decimal.nullable(),
  effectiveOn: z.iso.date(),
  lotsBefore: z.array(lotBeforeSchema),
  occurredAt,
});

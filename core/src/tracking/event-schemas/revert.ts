import { z } from 'zod';
import { indexDefinitionSchema } from '../../indexes/definition';
import { exclusionsSchema } from '../exclusions';
import { lotCloseSchema, lotMethodSchema, occurredAt, signedDecimal } from './primitives';
import { taxBudgetSettingSchema } from './tax-budget';

export const actionTypeSchema = z.enum([
  'EXECUTE_ORDER',
  'RAISE_TARGET',
  'LOWER_TARGET',
  'TOGGLE_FRACTIONAL',
  'TOGGLE_AUTO_TRACKING',
  'CHANGE_NUMBER_OF_WEIGHTINGS',
  'CHANGE_LOT_METHOD',
  'EXCLUDE_HOLDINGS',
  'INCLUDE_HOLDINGS',
  'HARVEST',
  'KEEP_REPLACEMENT',
  'ADD_CASH',
  'CORPORATE_ACTION',
  'CHANGE_INDEX',
  'SET_TAX_BUDGET',
  'REVERT',
]);
export type ActionType = z.infer<typeof actionTypeSchema>;

/** The change a revert applies: signed deltas and the settings it restores. */
export const compensationSchema = z.object({
  cash: signedDecimal,
  targetAmount: signedDecimal,
  positions: z.array(z.object({ symbol: z.string().min(1), shares: signedDecimal })),
  settings: z.object({
    fractionalShares: z.boolean().optional(),
    autoTracking: z.boolean().optional(),
    numberOfWeightings: z.number().int().positive().optional(),
    lotMethod: lotMethodSchema.optional(),
    /** Reverting SET_TAX_BUDGET: the budget before it (null: none). */
    taxBudget: taxBudgetSettingSchema.nullable().optional(),
  }),
  /** Reverting an exclusion change: the exclusions it restores, whole (absent: the revert changes none). */
  exclusions: exclusionsSchema.optional(),
  /** Reverting an index change (issue 30): the index it restores (absent: the revert changes none). */
  index: indexDefinitionSchema.optional(),
  /**
   * What the revert does to the lots: a BUY's lot removed (`remove`, lot ids), a SELL's closes opened again
   * (`reopen`). Absent on reverts recorded before lots existed (the fold derives them, see state.ts).
   */
  lots: z
    .object({
      remove: z.array(z.string().min(1)).optional(),
      reopen: z.array(lotCloseSchema.extend({ symbol: z.string().min(1) })).optional(),
    })
    .optional(),
  /**
   * Reverts of HARVEST and KEEP_REPLACEMENT (issue 19): the harvest whose substitution the revert forgets (HARVEST)
   * or stops keeping (KEEP_REPLACEMENT). A HARVEST revert's cash, positions and lots undo both of its orders.
   */
  harvestId: z.string().min(1).optional(),
  /** Reverting a corporate action: the last prices it changed, as they were (absent: the revert changes none). */
  lastPrices: z.array(z.object({ symbol: z.string().min(1), price: signedDecimal })).optional(),
});
export type Compensation = z.infer<typeof compensationSchema>;

export const actionRevertedSchema = z.object({
  /** Id of the event that recorded the reverted action. */
  actionId: z.string().min(1),
  actionType: actionTypeSchema.exclude(['REVERT']),
  compensation: compensationSchema,
  occurredAt,
});

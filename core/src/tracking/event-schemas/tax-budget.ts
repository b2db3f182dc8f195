import { z } from 'zod';
import { decimal, occurredAt } from './primitives';

/**
 * A tracking's gains budget (issue 31): the most net capital gain (gains − losses) its sales may realise in one tax
 * year, and whether they may realise short-term gains. `maxNetGain` null = no limit.
 */
export const taxBudgetSettingSchema = z.object({
  year: z.number().int(),
  maxNetGain: decimal.nullable(),
  allowShortTermGains: z.boolean(),
});
export type TaxBudgetSetting = z.infer<typeof taxBudgetSettingSchema>;

/** The budget set (null: cleared) and the one before it, so that a revert restores it exactly. */
export const taxBudgetSetSchema = z.object({
  taxBudget: taxBudgetSettingSchema.nullable(),
  previous: taxBudgetSettingSchema.nullable(),
  occurredAt,
});

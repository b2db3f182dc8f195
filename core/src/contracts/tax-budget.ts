import { z } from 'zod';

/** The gains budget (issue 31): set it, and see what each budget would buy. */

/** POST /api/trackings/{id}/tax-budget. `maxNetGain`: an amount ≥ 0 (number or decimal string), null = no limit. */
export const taxBudgetRequestSchema = z.strictObject({
  year: z.number().int('must be a whole number'),
  maxNetGain: z.union([z.string(), z.number()]).nullable(),
  allowShortTermGains: z.boolean(),
});
export type TaxBudgetRequest = z.input<typeof taxBudgetRequestSchema>;

/** One point of the trade-off curve: the best rate the orders reach when their sales realise at most `maxNetGain`. */
export const tradeoffPointSchema = z.object({
  /** null: no limit (today's orders). */
  maxNetGain: z.string().nullable(),
  /** Replication rate (percent) after the orders. */
  replicationRate: z.string(),
  /** Net gain the orders' sales realise. */
  realisedNetGain: z.string(),
  /** How many SELL and BUY orders. */
  sells: z.number().int(),
  buys: z.number().int(),
});
export type TradeoffPoint = z.infer<typeof tradeoffPointSchema>;

/**
 * With the same budget each year, the years until the rate reaches 95 % (null: it does not within `horizonYears`);
 * `assumptions` says what the estimate takes for granted, in sentences the screen shows.
 */
export const multiYearPlanSchema = z.object({
  maxNetGain: z.string().nullable(),
  years: z.number().int().nullable(),
  horizonYears: z.number().int(),
  rates: z.array(z.string()),
  assumptions: z.array(z.string()),
});
export type MultiYearPlan = z.infer<typeof multiYearPlanSchema>;

/** GET /api/trackings/{id}/tax-tradeoff */
export const taxTradeoffResponseSchema = z.object({
  year: z.number().int(),
  allowShortTermGains: z.boolean(),
  /** Net gain the tracking's sales realised this year before the orders (the tax ledger). */
  yearRealisedNetGain: z.string(),
  /** What today's orders would realise: the curve's "no limit" end. */
  unconstrainedRealisedNetGain: z.string(),
  /** The budget set on the tracking (null: none). */
  currentMaxNetGain: z.string().nullable(),
  points: z.array(tradeoffPointSchema),
  plan: multiYearPlanSchema,
});
export type TaxTradeoffResponse = z.infer<typeof taxTradeoffResponseSchema>;

import { z } from 'zod';

/** Contracts of tax-loss harvesting (issue 19, issue 26); re-exported by taxes.ts, where the other tax routes are. */
const decimalString = z.string();
const termContract = z.enum(['SHORT', 'LONG']);
// ---------------------------------------------------------------------------------------------------------------
// Tax-loss harvesting (issue 19, items 3-5). Every amount is a decimal string; a loss is given as a positive amount.
// ---------------------------------------------------------------------------------------------------------------

const MIN_LOSS = /^(\d{1,12}(\.\d{1,2})?)(%?)$/;

/**
 * `minLoss`: an amount in dollars ("100", "250.50") or a percent of the lots' cost basis ("5%"). Without it a
 * holding qualifies when its loss lots lose at least $100 OR at least 5 % (either is enough).
 */
export const minLossContract = z
  .string()
  .trim()
  .regex(MIN_LOSS, 'must be an amount like 100 or a percent like 5%')
  .transform((text) => {
    const match = MIN_LOSS.exec(text) as RegExpExecArray;
    const value = match[1] as string;
    return match[3] === '%' ? { percent: value } : { amount: value };
  });

/** GET /api/trackings/{id}/tax-loss-harvesting?minLoss= */
export const taxLossHarvestingQuerySchema = z.object({ minLoss: minLossContract.optional() });

/** The threshold the answer applied: both fields when the default (amount OR percent) was used. */
export const minLossAppliedSchema = z.object({
  amount: decimalString.nullable(),
  percent: decimalString.nullable(),
});

/**
 * Shares of one lot a harvest would sell (at a loss at the latest snapshot price). Issue 26: judged by the investor's
 * tax ledger, so `costPerShare` / `costBasis` are the adjusted basis (wash-sale adjustments included) and `term`
 * runs from the tacked holding-period start; a lot whose shares carry different adjustments is listed once per part.
 */
export const harvestLotSchema = z.object({
  lotId: z.string(),
  shares: decimalString,
  costPerShare: decimalString,
  costBasis: decimalString,
  acquiredAt: z.string(),
  /** Proceeds at the latest snapshot price. */
  proceeds: decimalString,
  /** Positive amount the sale would realise as a loss. */
  loss: decimalString,
  term: termContract,
});

/** A stock that could stand in for the harvested one: same ETF, same sector, not held, most similar weight. */
export const replacementSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  /** The stock's weight in the ETF, in percent. */
  weight: decimalString,
  price: decimalString,
});
export type Replacement = z.infer<typeof replacementSchema>;

/**
 * The wash-sale status of selling the loss lots today, across all of the user's trackings. `until` is the first
 * date (YYYY-MM-DD) on which the sale would no longer be a wash sale for the reason given.
 */
export const washSaleStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('clear') }),
  z.object({ status: z.literal('blocked'), until: z.string(), reason: z.string() }),
]);
export type WashSaleStatus = z.infer<typeof washSaleStatusSchema>;

export const harvestCandidateSchema = z.object({
  symbol: z.string(),
  name: z.string().nullable(),
  sector: z.string().nullable(),
  /** Latest snapshot price the loss is measured at. */
  price: decimalString,
  /** Shares held in total, and the shares the harvest would sell (the loss lots). */
  sharesHeld: decimalString,
  shares: decimalString,
  lots: z.array(harvestLotSchema),
  proceeds: decimalString,
  costBasis: decimalString,
  /** Positive amount realised as a loss; split by term. */
  loss: decimalString,
  shortTermLoss: decimalString,
  longTermLoss: decimalString,
  /** loss / costBasis in percent. */
  lossPercent: decimalString,
  /** Up to three, best first; empty when the ETF has no other unheld stock of that sector. */
  replacements: z.array(replacementSchema).max(3),
  washSale: washSaleStatusSchema,
  /**
   * Issue 26: the part of `loss` that replacement shares already bought within 30 days (any tracking) would
   * disallow if the harvest sold today, and the part that stays deductible (both positive; they sum to `loss`).
   * A recent buy no longer blocks the harvest: the investor decides.
   */
  disallowedLoss: decimalString,
  deductibleLoss: decimalString,
});
export type HarvestCandidate = z.infer<typeof harvestCandidateSchema>;

/** A sold stock the tracking holds a replacement for (remembered since the harvest). */
export const substitutionSchema = z.object({
  /** The harvested (sold) stock and the one bought instead. */
  symbol: z.string(),
  replacement: z.string(),
  /** The harvest's action id (revert it through POST /api/history/{trackingId}/revert). */
  harvestId: z.string(),
  harvestedAt: z.string(),
  /** Last day of the wash-sale window (sale date + 30 days): no BUY of `symbol` is suggested until after it. */
  windowEndsAt: z.string(),
  /** Days left in the window (0 once it has ended). */
  daysLeft: z.number().int().nonnegative(),
  /**
   * `window` while no buy-back is allowed; `switchBack` from day 31: the orders suggest switching back (or keep it
   * with POST substitutions/keep); `kept`: the replacement stays for good.
   */
  status: z.enum(['window', 'switchBack', 'kept']),
});
export type Substitution = z.infer<typeof substitutionSchema>;

export const taxLossHarvestingResponseSchema = z.object({
  /** When the answer was computed, and the date of the snapshot whose prices measure the losses. */
  asOf: z.string(),
  snapshotAsOf: z.string().nullable(),
  minLoss: minLossAppliedSchema,
  /** Largest loss first. */
  candidates: z.array(harvestCandidateSchema),
  substitutions: z.array(substitutionSchema),
});
export type TaxLossHarvestingResponse = z.infer<typeof taxLossHarvestingResponseSchema>;

/** POST /api/trackings/{id}/harvest: sell the loss lots of `symbol`, buy `replacement` for the proceeds. */
/** A harvest order's fill at the broker, as an executed order takes it (each part optional). */
export const harvestFillSchema = z.strictObject({
  /** The price the broker filled at (> 0); default the latest snapshot price. */
  price: z.union([z.number(), z.string().trim().min(1, 'is required')]).optional(),
  /** When the order was executed: ISO date or date-time; default now. */
  executedAt: z.string().trim().min(1, 'is required').optional(),
});
export const harvestRequestSchema = z.strictObject({
  symbol: z.string().trim().min(1, 'is required'),
  replacement: z.string().trim().min(1, 'is required'),
  /** The SELL's fill (its trade date decides which lots it may close). */
  sell: harvestFillSchema.optional(),
  /** The replacement BUY's fill. */
  buy: harvestFillSchema.optional(),
});
export type HarvestRequest = z.infer<typeof harvestRequestSchema>;

/** One order the harvest recorded (filled at the latest snapshot price, now). */
export const harvestOrderSchema = z.object({
  symbol: z.string(),
  orderType: z.enum(['BUY', 'SELL']),
  shares: decimalString,
  price: decimalString,
  amount: decimalString,
  /** SELL: the lots it closed. */
  lots: z.array(z.object({ lotId: z.string(), shares: decimalString })).optional(),
});
export const harvestResponseSchema = z.object({
  /** The action id of the harvest as a whole (history entry HARVEST; revert it to undo every order). */
  harvestId: z.string(),
  orders: z.array(harvestOrderSchema),
  /** Positive amount of loss realised, and by term. */
  realisedLoss: decimalString,
  shortTermLoss: decimalString,
  longTermLoss: decimalString,
  /** Cash not spent on the replacement (whole shares), added to the tracking's leftover. */
  leftover: decimalString,
  substitution: substitutionSchema,
  /** The tracking's stream revision after the harvest (next If-Match). */
  revision: z.number().int().nonnegative(),
});
export type HarvestResponse = z.infer<typeof harvestResponseSchema>;

/** POST /api/trackings/{id}/substitutions/keep: keep the replacement for good (no switch-back suggested). */
export const keepReplacementRequestSchema = z.strictObject({
  symbol: z.string().trim().min(1, 'is required'),
});

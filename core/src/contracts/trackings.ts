import { z } from 'zod';
import { indexDefinitionSchema } from '../indexes/definition';
import { indexRequestSchema } from './indexes';
import { tickerInputSchema } from './market-data';
import { numberOrDecimalString, orderTypeContract } from './request-basics';
import { heldBackBuySchema, orderLotSchema, taxBudgetViewSchema, washSaleWarningSchema } from './taxes';
import { wholeNumber } from './whole-number';

/**
 * Trackings and replication contract (spec 2 §3 entities, §7 calls; history in history.ts), for the API and the web.
 * Answers: money, shares and rates as decimal strings; requests: a number or a decimal string, checked by the API.
 */

const decimalString = z.string();

export * from './batch-order-failure';
export * from './order-requests';
export * from './rate-history';
export { numberOrDecimalString, orderTypeContract } from './request-basics';

export const investmentSchema = z.object({
  symbol: z.string(),
  numberOfShares: decimalString,
  amountInvested: decimalString,
});
export type InvestmentLine = z.infer<typeof investmentSchema>;

export const excludedHoldingSchema = z.object({ symbol: z.string(), reason: z.string() });

/** The dates of the closes a computation priced holdings with: one day, or the oldest and newest when they differ. */
export const pricesAsOfSchema = z.object({ from: z.string(), to: z.string() });
export type PricesAsOf = z.infer<typeof pricesAsOfSchema>;

/** GET /api/replication/replicate?etfSymbol&investmentAmount */
export const replicateQuerySchema = z.object({
  etfSymbol: z.string().trim().min(1, 'is required'),
  investmentAmount: z.string().trim().min(1, 'is required'),
});
export const replicateResponseSchema = z.object({
  symbol: z.string(),
  targetInvestmentAmount: decimalString,
  investments: z.array(investmentSchema),
  leftoverAmount: decimalString,
  replicationRate: decimalString,
  etfReplicationRate: decimalString,
  etfCoverage: decimalString,
  excluded: z.array(excludedHoldingSchema),
  /** The plan's cap applied to this computation. */
  numberOfWeightings: z.number().int(),
  snapshotAsOf: z.string().nullable(),
  pricesAsOf: pricesAsOfSchema.nullish(),
});
export type ReplicateResponse = z.infer<typeof replicateResponseSchema>;

/**
 * POST /api/trackings. A new tracking starts without positions: `currentReplication.investments` must be empty and
 * its `targetInvestmentAmount` is the amount to replicate. `targetReplication` is what the client showed; the server
 * recomputes it from the same snapshot.
 */
export const createTrackingRequestSchema = z
  .strictObject({
    /** The ETF to replicate; or `index` (issue 30: a blend or a custom list). One of the two. */
    symbol: tickerInputSchema.optional(),
    index: indexRequestSchema.optional(),
    currentReplication: z.strictObject({
      targetInvestmentAmount: numberOrDecimalString,
      investments: z
        .array(investmentSchema)
        .max(0, 'must be empty: record executed orders after creating the tracking'),
      leftoverAmount: numberOrDecimalString.optional(),
    }),
    targetReplication: z
      .object({ investments: z.array(investmentSchema), leftoverAmount: numberOrDecimalString })
      .optional(),
    fractionalShares: z.boolean().optional(),
    autoTracking: z.boolean().optional(),
  })
  .refine((value) => value.symbol !== undefined || value.index !== undefined, {
    message: 'is required',
    path: ['symbol'],
  });
export type CreateTrackingRequest = z.input<typeof createTrackingRequestSchema>;
export const createTrackingResponseSchema = z.object({ symbol: z.string(), trackingId: z.string() });

/** GET /api/trackings/trackings-summary */
export const trackingSummarySchema = z.object({
  trackingId: z.string(),
  symbol: z.string(),
  /** Total investment: the tracking's target amount. */
  amountInvested: decimalString,
  leftoverAmount: decimalString,
  replicationRate: decimalString,
  /** The fund's name from its latest snapshot (issue 15: the list names each ETF); null before any snapshot. */
  etfName: z.string().nullable(),
  /** When the tracking was created (ISO 8601): two trackings of one ETF differ by it. */
  createdAt: z.string(),
  /** The share of the whole ETF the holdings copy (issue 32: the list leads with it); absent before it. */
  etfReplicationRate: decimalString.optional(),
  /** See the detail's `cashToReachTarget`; absent before it. */
  cashToReachTarget: decimalString.optional(),
  /** The dates of the closes its money figures use (issue 32: one "prices as of"); null before any snapshot. */
  pricesAsOf: pricesAsOfSchema.nullish(),
  /** The index's name ("70 % VTI + 30 % QQQ") when the tracking follows a blend or a list (issue 30). */
  indexLabel: z.string().optional(),
});
export type TrackingSummary = z.infer<typeof trackingSummarySchema>;

export const adjustmentOrderSchema = z.object({
  symbol: z.string(),
  orderType: orderTypeContract,
  shares: decimalString,
  lots: z.array(orderLotSchema).optional(),
});
export type AdjustmentOrderLine = z.infer<typeof adjustmentOrderSchema>;

/**
 * A suggested order taken out because its symbol's price move is flagged: `reason` names the move in a sentence; the
 * move's signed percent ("-52.50") and the dates of the two closes compared let a client write its own.
 */
export const pausedOrderSchema = adjustmentOrderSchema.extend({
  reason: z.string(),
  /** The symbol whose move paused it: the order's own, or the paused SELL's whose cash a BUY needed. */
  flaggedSymbol: z.string(),
  changePercent: decimalString,
  fromDate: z.string(),
  toDate: z.string(),
});
export type PausedOrderLine = z.infer<typeof pausedOrderSchema>;

export const currentReplicationSchema = z.object({
  targetInvestmentAmount: decimalString,
  investments: z.array(investmentSchema),
  leftoverAmount: decimalString,
});
export const targetReplicationSchema = z.object({
  investments: z.array(investmentSchema),
  leftoverAmount: decimalString,
});

/** The part of the detail that changes when an order is executed (also the answer of applyAdjustmentOrders). */
export const replicationStateSchema = z.object({
  adjustmentOrders: z.array(adjustmentOrderSchema),
  currentReplication: currentReplicationSchema,
  targetReplication: targetReplicationSchema,
  /** Current replication rate (percent). */
  replicationRate: decimalString,
  /** Positions at the latest prices plus the cash (issue 32); absent on views stored before it. */
  marketValue: decimalString.optional(),
  /**
   * Money missing to reach a fixed target (issue 32): the target amount minus the market value, rounded up to the
   * cent; "0.00" when the tracking is worth its target or more. The orders never spend more than the cash; this is
   * what adding cash (applyAdjustmentOrders `{addCash, orders}`) would let them invest.
   */
  cashToReachTarget: decimalString.optional(),
  /** The orders once `cashToReachTarget` is added (empty when nothing is missing). */
  ordersToReachTarget: z.array(adjustmentOrderSchema).optional(),
  /**
   * The tracking stream's revision this state shows. A command sends it back as `If-Match: "r<revision>"`; if the
   * tracking changed since (another window, a click again after a timeout), it answers 409 instead of acting twice.
   */
  revision: z.number().int().nonnegative().optional(),
  /**
   * BUYs the orders would suggest but a wash-sale window of the investor holds back (issue 26: the same security,
   * share classes included, sold at a loss within 30 days in any tracking); `adjustmentOrders` leave them out. The
   * API serves it on the detail and the order answers; absent on older views.
   */
  heldBackBuys: z.array(heldBackBuySchema).optional(),
  /**
   * Orders of held symbols whose price moved more than 50 % with no recorded corporate action or admin confirmation
   * (issue 32 item 2); `adjustmentOrders` and `ordersToReachTarget` leave them out until one explains the move.
   */
  pausedOrders: z.array(pausedOrderSchema).optional(),
});

/**
 * The answer of POST applyAdjustmentOrders (one order or a batch): the new replication state and the wash-sale
 * warnings of the BUYs just recorded inside a window (always present, empty when none).
 */
export const orderAnswerSchema = replicationStateSchema.extend({
  warnings: z.array(washSaleWarningSchema),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const exclusionModeContract = z.enum(['sell', 'keep']);
export type ExclusionModeContract = z.infer<typeof exclusionModeContract>;
export const sectorWeightSchema = z.object({ sector: z.string(), weightPercentage: decimalString });

/**
 * The tracking's exclusions (issue 17) and what they cost: the ETF replication rate (against the whole ETF) of the
 * target with them and of the target the tracking would have without them. `etfSectors`: the ETF's sectors with
 * each one's weight, largest first, for the exclusions panel.
 */
export const trackingExclusionsSchema = z.object({
  symbols: z.array(z.object({ symbol: z.string(), mode: exclusionModeContract })),
  sectors: z.array(z.object({ sector: z.string(), mode: exclusionModeContract })),
  /** GICS sub-industries (issue 30; a named screen is saved as its industries); absent on views before them. */
  industries: z.array(z.object({ industry: z.string(), mode: exclusionModeContract })).optional(),
  /** Percent of the ETF's weight the exclusions leave out. */
  excludedWeight: decimalString,
  etfReplicationRate: decimalString,
  etfReplicationRateWithout: decimalString,
  etfSectors: z.array(sectorWeightSchema),
  /** Percent of the index's weight with no industry in the bundled data: no industry exclusion can reach it. */
  unclassifiedWeight: decimalString.optional(),
});
export type TrackingExclusions = z.infer<typeof trackingExclusionsSchema>;

/** GET /api/trackings/{trackingId}: spec 2 §3 "Tracking detail" plus what the product adds. */
export const trackingDetailSchema = replicationStateSchema.extend({
  trackingId: z.string(),
  symbol: z.string(),
  /** The blend or list the tracking follows (issue 30); absent for one ETF (then `symbol`). */
  index: indexDefinitionSchema.optional(),
  /** 0 = fractional shares off; 0.01 = on (the share increment). */
  globalFractionalSharesThreshold: z.number(),
  numberOfWeightings: z.number().int(),
  /** The weightings actually used: the setting capped by the caller's plan. */
  effectiveNumberOfWeightings: z.number().int(),
  numberOfWeightingsCap: z.number().int(),
  autoTrackingTargetAmountEnabled: z.boolean(),
  /** The drift alert setting (issue 20); absent on views stored before it. */
  driftAlert: z.object({ enabled: z.boolean(), thresholdPoints: decimalString }).optional(),
  /** Exclusions by stock and sector (issue 17); absent on views stored before them. */
  exclusions: trackingExclusionsSchema.optional(),
  /** Buy-only target (after a buy-only raise): the target never sells what is held. */
  buyOnly: z.boolean(),
  targetReplicationRate: decimalString,
  etfReplicationRate: decimalString,
  etfCoverage: decimalString,
  excluded: z.array(excludedHoldingSchema),
  /** Latest snapshot prices of every symbol in current or target. */
  prices: z.record(z.string(), decimalString),
  /** The date the snapshot's holdings (weights) describe. */
  snapshotAsOf: z.string().nullable(),
  /**
   * Present when no target could be derived for this tracking (e.g. an amount beyond what the engine computes, a
   * snapshot without priced holdings): the detail then shows the positions only, no target and no orders.
   */
  degraded: z.object({ code: z.string(), reason: z.string() }).optional(),
  /** Oldest and newest close among the snapshot's prices (issue 15); absent on views stored before it. */
  pricesAsOf: pricesAsOfSchema.nullish(),
  taxBudget: taxBudgetViewSchema.optional(),
  updatedAt: z.string(),
});
export type TrackingDetail = z.infer<typeof trackingDetailSchema>;

/** POST /api/trackings/{id}/alerts: the drift alert setting. */
export const driftAlertSettingsRequestSchema = z.strictObject({
  enabled: z.boolean(),
  thresholdPoints: numberOrDecimalString,
});

/** POST /api/replication/add-investment and /subtract-investment */
export const changeInvestmentRequestSchema = z.strictObject({
  trackingId: z.string().trim().min(1, 'is required'),
  amount: numberOrDecimalString,
  /** add-investment only: invest the new cash without selling anything. */
  buyOnly: z.boolean().optional(),
});

/** POST /api/trackings/{id}/changeNumberOfWeightings?numberOfWeightings= */
export const changeNumberOfWeightingsQuerySchema = z.object({
  numberOfWeightings: wholeNumber('must be a whole number'),
});

/** Texts of spec 2 §8 for the tracking screens. */
export const trackingMessages = {
  trackingLimit: 'Purchase a premium plan to unlock more trackings or upgrade your current plan',
  /** 409 to a command whose If-Match names an older revision of the tracking. */
  changedElsewhere: 'This tracking changed in another window',
  checkFailed: 'An error occurred while checking your tracking number',
  deleteForbidden: 'You are not authorized to delete this tracking.',
  deleteFailed: 'An error occurred while deleting the tracking.',
  replicateFailed: 'Error replicating ETF',
  saved: 'Tracking saved successfully',
  saveFailed: 'Error saving tracking',
  executeFailed: (symbol: string) => `Error executing order for ${symbol}`,
  notFound: 'Tracking not found',
} as const;

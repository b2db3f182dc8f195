import { z } from 'zod';
import { tickerInputSchema } from './market-data';
import { orderLotSchema, taxBudgetViewSchema } from './taxes';
import { numberOrDecimalString, orderTypeContract, pricesAsOfSchema } from './trackings';

/**
 * The investor's portfolio (issue 29): every tracking of one investor as one portfolio — combined holdings, overlap
 * between trackings, one netted order list for the broker, and the account's gains. Shared by the API and the web
 * client. Money, shares, weights and rates are decimal strings (money to the cent only when displayed).
 */

const decimalString = z.string();

/** One tracking as the portfolio names it. */
export const portfolioTrackingSchema = z.object({
  trackingId: z.string(),
  /** The ETF the tracking replicates. */
  symbol: z.string(),
  /** "VOO" or, when the investor has two trackings of one ETF, "VOO (Nov 26, 2026)": what tables and charts show. */
  label: z.string(),
  /** The tracking's target amount. */
  targetAmount: decimalString,
  /** Positions at the latest prices plus the cash. */
  marketValue: decimalString,
  /** Cash not invested (negative: money owed to the target). */
  cash: decimalString,
  replicationRate: decimalString,
  etfReplicationRate: decimalString,
  /** The tracking stream revision this portfolio was built from. */
  revision: z.number().int().nonnegative(),
  /** Its gains budget (issue 31) as its detail serves it: its orders below respect it when `applies`. */
  taxBudget: taxBudgetViewSchema.optional(),
});
export type PortfolioTracking = z.infer<typeof portfolioTrackingSchema>;

/** A tracking's part of a stock held or targeted. */
export const holdingPartSchema = z.object({
  trackingId: z.string(),
  shares: decimalString,
  value: decimalString,
  targetShares: decimalString,
});

/** One stock across the investor's trackings. */
export const portfolioHoldingSchema = z.object({
  symbol: z.string(),
  name: z.string().nullable(),
  sector: z.string().nullable(),
  price: decimalString.nullable(),
  shares: decimalString,
  value: decimalString,
  /** Percent of the portfolio's invested value (positions, no cash). */
  weight: decimalString,
  targetShares: decimalString,
  targetValue: decimalString,
  /** Percent of the combined target's invested value. */
  targetWeight: decimalString,
  /** Every tracking that holds or targets the stock, largest value first. */
  trackings: z.array(holdingPartSchema),
});
export type PortfolioHolding = z.infer<typeof portfolioHoldingSchema>;

/** Holdings vs target by sector (percent of invested value). */
export const portfolioSectorSchema = z.object({
  sector: z.string(),
  weight: decimalString,
  targetWeight: decimalString,
});

/** Two trackings' targets compared: Σ over stocks of min(weight in a, weight in b), in percent (0–100). */
export const portfolioOverlapSchema = z.object({
  a: z.string(),
  b: z.string(),
  overlap: decimalString,
  /** The stocks contributing most to the overlap (at most 5), largest contribution first. */
  topShared: z.array(z.object({ symbol: z.string(), weight: decimalString })),
});
export type PortfolioOverlap = z.infer<typeof portfolioOverlapSchema>;

/** One tracking's part of a netted order: the order the tracking itself suggests. */
export const nettedPartSchema = z.object({
  trackingId: z.string(),
  orderType: orderTypeContract,
  shares: decimalString,
  /** A SELL under a gains budget: the lots it closes (recording the netted order closes exactly these). */
  lots: z.array(orderLotSchema).optional(),
});

/** One order at the broker: the trackings' orders of one stock netted (BUY 3 + SELL 2 = BUY 1). */
export const nettedOrderSchema = z.object({
  symbol: z.string(),
  orderType: orderTypeContract,
  shares: decimalString,
  price: decimalString.nullable(),
  /** shares × price (null without a price). */
  amount: decimalString.nullable(),
  parts: z.array(nettedPartSchema),
});
export type NettedOrder = z.infer<typeof nettedOrderSchema>;

/** What netting saves against placing every tracking's orders one by one. */
export const nettingSavingSchema = z.object({
  ordersBefore: z.number().int().nonnegative(),
  ordersAfter: z.number().int().nonnegative(),
  /** Dollars traded by the trackings' orders one by one, and by the netted list. */
  tradedBefore: decimalString,
  tradedAfter: decimalString,
});

/** Realised and unrealised gains of the account (from the investor's tax ledger, issue 26). */
export const portfolioGainsSchema = z.object({
  unrealised: z.object({
    shortTerm: decimalString,
    longTerm: decimalString,
    total: decimalString,
    /** Lots without a known cost or date are left out and counted here. */
    unknownLots: z.number().int().nonnegative(),
  }),
  /** Realised gains per tax year, newest first (the current year always present). */
  realised: z.array(
    z.object({
      year: z.number().int(),
      shortTerm: decimalString,
      longTerm: decimalString,
      total: decimalString,
      /** Losses disallowed as wash sales that year (added to replacement lots). */
      disallowed: decimalString,
    }),
  ),
});
export type PortfolioGains = z.infer<typeof portfolioGainsSchema>;

/** GET /api/portfolio (ETag: `"p<revision>"`; If-None-Match answers 304). */
export const portfolioResponseSchema = z.object({
  /**
   * Changes whenever any of the investor's trackings changes (a command, a new snapshot's re-derivation, a
   * deletion). POST /api/portfolio/orders sends it back as `If-Match: "p<revision>"`.
   */
  revision: z.string(),
  summary: z.object({
    trackings: z.number().int().nonnegative(),
    /** Σ of the trackings' target amounts. */
    targetAmount: decimalString,
    /** Positions at the latest prices. */
    investedValue: decimalString,
    cash: decimalString,
    /** investedValue + cash. */
    marketValue: decimalString,
    /** Σ min(held weight, combined target weight) over stocks, in percent, like a tracking's replication rate. */
    replicationRate: decimalString,
    pricesAsOf: pricesAsOfSchema.nullable(),
  }),
  trackings: z.array(portfolioTrackingSchema),
  holdings: z.array(portfolioHoldingSchema),
  sectors: z.array(portfolioSectorSchema),
  overlap: z.array(portfolioOverlapSchema),
  orders: z.array(nettedOrderSchema),
  saving: nettingSavingSchema,
  gains: portfolioGainsSchema,
  /** Whether the caller's plan lets them record the netted orders (paid plans). */
  canExecuteNetted: z.boolean(),
});
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;

/** One netted order as the investor executed it at the broker. */
export const portfolioOrderSchema = z.strictObject({
  symbol: tickerInputSchema,
  orderType: orderTypeContract,
  shares: numberOrDecimalString,
  /** The broker's fill price (> 0); default the latest snapshot price. */
  price: numberOrDecimalString.optional(),
  /** ISO date or date-time; default now. */
  executedAt: z.string().trim().min(1, 'is required').optional(),
});

/**
 * POST /api/portfolio/orders (If-Match `"p<revision>"`, Idempotency-Key): the netted orders as executed. Each is
 * split back into its trackings' parts and recorded as one OrderExecuted per part, all trackings or none.
 */
export const portfolioOrdersRequestSchema = z.strictObject({
  orders: z.array(portfolioOrderSchema).min(1, 'Select at least one order to record').max(1000),
});
export type PortfolioOrdersRequest = z.input<typeof portfolioOrdersRequestSchema>;

export const portfolioOrdersResponseSchema = z.object({
  /** The portfolio after the orders. */
  portfolio: portfolioResponseSchema,
  /** Events recorded per tracking. */
  recorded: z.array(z.object({ trackingId: z.string(), orders: z.number().int().nonnegative() })),
});

/** Texts the portfolio screens and the API share. */
export const portfolioMessages = {
  changedElsewhere: 'Your portfolio changed since you loaded it: review the orders again',
  paidPlanOnly: 'Recording netted orders needs a paid plan',
  notInOrders: (symbol: string) => `${symbol} is not in the portfolio's orders`,
  tooMany: (symbol: string) => `You cannot record more ${symbol} than the netted order`,
} as const;

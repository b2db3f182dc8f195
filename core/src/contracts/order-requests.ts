import { z } from 'zod';
import { tickerInputSchema } from './market-data';
import { numberOrDecimalString, orderTypeContract } from './request-basics';

/** Requests that record executed orders on a tracking (re-exported by trackings.ts). */

/** POST /api/trackings/{id}/applyAdjustmentOrders */
export const applyAdjustmentOrderSchema = z.strictObject({
  symbol: tickerInputSchema,
  shares: numberOrDecimalString,
  orderType: orderTypeContract,
  /** The price the broker filled at (> 0); default the latest snapshot price. */
  price: numberOrDecimalString.optional(),
  /** When the order was executed: ISO date or date-time; default now. */
  executedAt: z.string().trim().min(1, 'is required').optional(),
  /** SELL only: the lots to close and how many shares of each (default: the tracking's lot method). */
  lots: z
    .array(z.strictObject({ lotId: z.string().trim().min(1, 'is required'), shares: numberOrDecimalString }))
    .min(1, 'name at least one lot')
    .optional(),
});
/** The most orders one request may record (an ETF's whole holdings list fits). */
export const MAX_ORDERS_PER_REQUEST = 1000;
/**
 * One order, or several recorded at once (ONE command: all decided against the same state, all or nothing, one
 * event per order so each stays revertible on its own).
 */
const ordersSchema = z
  .array(applyAdjustmentOrderSchema)
  .max(MAX_ORDERS_PER_REQUEST, `At most ${MAX_ORDERS_PER_REQUEST} orders can be recorded at once`);
/**
 * Cash added to reach the target and the orders it pays for (issue 32), recorded together: CashAdded, then one
 * OrderExecuted per order, all or nothing, each revertible on its own.
 */
export const addCashAndOrdersSchema = z.strictObject({
  addCash: numberOrDecimalString,
  orders: ordersSchema,
});
export const applyAdjustmentOrderRequestSchema = z.union([
  applyAdjustmentOrderSchema,
  ordersSchema.min(1, 'Select at least one order to record'),
  addCashAndOrdersSchema,
]);

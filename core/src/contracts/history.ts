import { z } from 'zod';
import { exclusionModeContract, orderTypeContract } from './trackings';
import { wholeNumber } from './whole-number';

/** A tracking's history (spec 2 §7 GET /api/history/{trackingId}, the revert call): what each action recorded. */

const decimalString = z.string();
const taxBudgetContract = z.object({
  year: z.number().int(),
  maxNetGain: decimalString.nullable(),
  allowShortTermGains: z.boolean(),
});

/** GET /api/history/{trackingId}?page&size */
export const HISTORY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const historyQuerySchema = z.object({
  page: wholeNumber().pipe(z.number().min(0)).default(0),
  size: wholeNumber()
    .refine((size) => (HISTORY_PAGE_SIZES as readonly number[]).includes(size), 'must be 5, 10, 25 or 50')
    .default(5),
});
export const historyEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  actionType: z.string(),
  details: z.object({
    orderType: orderTypeContract.optional(),
    shares: decimalString.optional(),
    symbol: z.string().optional(),
    price: decimalString.optional(),
    amount: decimalString.optional(),
    targetAmount: decimalString.optional(),
    setting: z.string().optional(),
    from: z.union([z.boolean(), z.number(), z.string()]).optional(),
    to: z.union([z.boolean(), z.number(), z.string()]).optional(),
    /** CHANGE_DRIFT_ALERT: the threshold before and after (from/to are the on/off switch). */
    previousThresholdPoints: decimalString.optional(),
    thresholdPoints: decimalString.optional(),
    /** DRIFT_ALERT: the rate after the last order and the rate the new snapshot gave. */
    referenceRate: decimalString.optional(),
    currentRate: decimalString.optional(),
    revertsActionId: z.string().optional(),
    /** EXCLUDE_HOLDINGS / INCLUDE_HOLDINGS: what was excluded or taken back, and the mode of an exclusion. */
    symbols: z.array(z.string()).optional(),
    sectors: z.array(z.string()).optional(),
    /** Issue 30: GICS sub-industries (a named screen is recorded as its industries). */
    industries: z.array(z.string()).optional(),
    mode: exclusionModeContract.optional(),
    /** IMPORT_POSITIONS: how many lots of how many stocks were imported (`amount`: their value at the snapshot's prices). */
    lots: z.number().int().optional(),
    stocks: z.number().int().optional(),
    /** EXECUTE_ORDER of a harvest: the harvest (revert that entry to undo both orders). */
    harvestId: z.string().optional(),
    /** HARVEST / KEEP_REPLACEMENT: the stock bought instead; HARVEST: the window's last day (`amount` = the loss). */
    replacement: z.string().optional(),
    windowEndsAt: z.string().optional(),
    /**
     * EXECUTE_ORDER of a BUY that absorbed a disallowed loss (issue 26): the loss sale's New York date and symbol and
     * the amount added to the new lot's basis (positive; summed when it absorbed several sales' losses, the latest
     * sale named).
     */
    washSale: z
      .object({ saleDate: z.string(), symbol: z.string(), disallowedLoss: decimalString })
      .optional(),
    /**
     * CORPORATE_ACTION (issue 32 item 2): the split, ticker change or spin-off the system applied; `sharesBefore` are
     * the shares of `symbol` it applied to, `sharesAfter` what they became (SPLIT, RENAME) or the new stock's shares
     * (SPINOFF).
     */
    /** SET_TAX_BUDGET (issue 31): the budget set and the one before it (null: none). */
    taxBudget: taxBudgetContract.optional(),
    previousTaxBudget: taxBudgetContract.nullable().optional(),
    corporateAction: z
      .object({
        type: z.enum(['SPLIT', 'RENAME', 'SPINOFF']),
        toSymbol: z.string().nullable(),
        ratio: decimalString,
        basisFraction: decimalString.nullable(),
        effectiveOn: z.string(),
        sharesBefore: decimalString,
        sharesAfter: decimalString,
      })
      .optional(),
  }),
  /** Only EXECUTE_ORDER entries are revertible in the spec; target and setting changes are too, here. */
  revertible: z.boolean(),
  reverted: z.boolean(),
  revertedBy: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyPageSchema = z.object({
  content: z.array(historyEntrySchema),
  totalElements: z.number().int(),
});

/** POST /api/history/{trackingId}/revert */
export const revertRequestSchema = z.strictObject({ actionId: z.string().trim().min(1, 'is required') });

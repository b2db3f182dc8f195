import { z } from 'zod';
import { decimal, occurredAt } from './primitives';

/**
 * A tax-loss harvest (issue 19): the SELL of `symbol`'s loss lots and the BUY of `replacement` (both recorded just
 * before, as OrderExecuted with this event's id as `harvestId`). The tracking then remembers the substitution:
 * `replacement` stands in for `symbol` until the wash-sale window (`windowEndsAt`, the sale's trade date + 30 days)
 * has passed. Reverting this action reverts both orders and forgets the substitution.
 */
export const harvestRecordedSchema = z.object({
  symbol: z.string().min(1),
  replacement: z.string().min(1),
  sellOrderId: z.string().min(1),
  buyOrderId: z.string().min(1),
  /** Positive amounts: the loss the sale realised, in total and by term. */
  realisedLoss: decimal,
  shortTermLoss: decimal,
  longTermLoss: decimal,
  /** The sale's trade date and the last day of its wash-sale window (YYYY-MM-DD). */
  harvestedAt: z.iso.date(),
  windowEndsAt: z.iso.date(),
  occurredAt,
});

/** The user keeps a harvest's replacement for good: no switch back is suggested after the window (revertible). */
export const replacementKeptSchema = z.object({
  harvestId: z.string().min(1),
  symbol: z.string().min(1),
  replacement: z.string().min(1),
  occurredAt,
});

import { z } from 'zod';
import { DECIMAL_STRING } from '../../shared/decimal';
import { LOT_METHODS } from '../lots';

/** The building blocks of the tracking event schemas: decimal strings, times, lots. */
export const decimal = z.string().regex(DECIMAL_STRING, 'expected a decimal string');
export const signedDecimal = decimal;
export const occurredAt = z.iso.datetime({ offset: true });
/** When an order was executed at the broker: an ISO date, or a date-time with its offset. */
export const executedAtSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
export const lotMethodSchema = z.enum(LOT_METHODS);

/** Shares a SELL took from one lot (the lot id is the BUY's event id), with that lot's cost and date. */
export const lotCloseSchema = z.object({
  lotId: z.string().min(1),
  shares: decimal,
  costPerShare: decimal,
  acquiredAt: executedAtSchema,
  /** False when the lot was imported without a cost basis / a date (absent: true). */
  costKnown: z.boolean().optional(),
  dateKnown: z.boolean().optional(),
});

export const orderTypeSchema = z.enum(['BUY', 'SELL']);

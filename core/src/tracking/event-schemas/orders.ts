import { z } from 'zod';
import { decimal, executedAtSchema, lotCloseSchema, occurredAt, orderTypeSchema } from './primitives';

export const orderExecutedSchema = z.object({
  symbol: z.string().min(1),
  orderType: orderTypeSchema,
  shares: decimal,
  /** Price per share from the snapshot the order was recorded against. */
  price: decimal,
  /** shares × fill price, exact: what the cash moved by. */
  amount: decimal,
  occurredAt,
  /** The price the broker filled at, when the user gave one (absent: `price`). Also the BUY lot's cost per share. */
  fillPrice: decimal.optional(),
  /** When the order was executed, when the user gave it (absent: `occurredAt`). Also the BUY lot's acquired date. */
  executedAt: executedAtSchema.optional(),
  /**
   * SELL: the lots it closed, decided once so that history never changes with the lot method. Absent on SELLs
   * recorded before lots existed: the fold closes those by HIFO (the only method there was).
   */
  lots: z.array(lotCloseSchema).optional(),
  /** Set on the orders a harvest recorded (the HarvestRecorded event's id): reverted with it, never alone. */
  harvestId: z.string().min(1).optional(),
});

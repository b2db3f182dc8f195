import { z } from 'zod';
import { indexDefinitionSchema } from '../../indexes/definition';
import { decimal, executedAtSchema, lotMethodSchema, occurredAt } from './primitives';

export const trackingCreatedSchema = z.object({
  trackingId: z.string().min(1),
  userId: z.string().min(1),
  symbol: z.string().min(1),
  targetAmount: decimal,
  fractionalShares: z.boolean(),
  autoTracking: z.boolean(),
  numberOfWeightings: z.number().int().positive(),
  /** How SELLs pick their lots from the start (TAX_OPTIMAL for new trackings); absent on older events: HIFO. */
  lotMethod: lotMethodSchema.optional(),
  /** The index replicated (issue 30); absent: the ETF `symbol` names. `symbol` is then the stream followed. */
  index: indexDefinitionSchema.optional(),
  occurredAt,
});

/** ChangeIndex (issue 30): the new index and the one before it, so that a revert restores exactly that. */
export const indexChangedSchema = z.object({
  index: indexDefinitionSchema,
  previous: indexDefinitionSchema,
  occurredAt,
});

export const trackingDeletedSchema = z.object({ occurredAt });

/** One position row imported from a broker file: a lot with its cost and date, and the price it was valued at. */
export const importedLotSchema = z.object({
  lotId: z.string().min(1),
  symbol: z.string().min(1),
  shares: decimal,
  /** The ETF snapshot's price when imported: what the tracking's cash is charged (shares × price). */
  price: decimal,
  /** From the file's cost basis; the snapshot price when the file gave none (`costBasisGiven` false). */
  costPerShare: decimal,
  costBasisGiven: z.boolean(),
  /** From the file; the import's date when the file gave none (`acquiredGiven` false). */
  acquiredAt: executedAtSchema,
  acquiredGiven: z.boolean(),
});

/**
 * Positions the user already held at their broker, recorded with CreateTracking in the same command (issue 17):
 * each row a lot. Not an action and not revertible: it is the tracking's starting point, decided with its creation;
 * the undo of a creation is deleting the tracking. `amount` (Σ shares × price) is what the positions are worth in the
 * tracking's money: cash = target − amount, as if bought at the snapshot's prices.
 */
export const positionsImportedSchema = z.object({
  lots: z.array(importedLotSchema).min(1),
  amount: decimal,
  /** Where the rows came from: a broker layout id (`schwab`, …, `plain`) or `json`. */
  source: z.string().min(1),
  occurredAt,
});

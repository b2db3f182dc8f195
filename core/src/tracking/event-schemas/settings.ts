import { z } from 'zod';
import { exclusionModeSchema, exclusionsSchema } from '../exclusions';
import { decimal, lotMethodSchema, occurredAt } from './primitives';

const targetChangeSchema = z.object({ amount: decimal, targetAmount: decimal, occurredAt });
/** `buyOnly`: the raise invests the new cash without selling; the target keeps every held share until the next change. */
export const targetRaisedSchema = targetChangeSchema.extend({ buyOnly: z.boolean().optional() });
export const targetLoweredSchema = targetChangeSchema;

export const fractionalSharesToggledSchema = z.object({ fractionalShares: z.boolean(), occurredAt });
export const autoTrackingToggledSchema = z.object({ autoTracking: z.boolean(), occurredAt });
export const numberOfWeightingsChangedSchema = z.object({
  numberOfWeightings: z.number().int().positive(),
  previousNumberOfWeightings: z.number().int().positive(),
  occurredAt,
});
export const lotMethodChangedSchema = z.object({
  lotMethod: lotMethodSchema,
  previousLotMethod: lotMethodSchema,
  occurredAt,
});

/**
 * Holdings left out of the tracking (issue 17): the symbols, sectors and (v2, issue 30) GICS sub-industries this
 * action excluded (or re-included), in the mode it asked for, and every exclusion before it, so that a revert
 * restores exactly what was there. A named screen is recorded as its industries.
 */
export const holdingsExcludedSchema = z.object({
  symbols: z.array(z.string().min(1)),
  sectors: z.array(z.string().min(1)),
  industries: z.array(z.string().min(1)),
  mode: exclusionModeSchema,
  previous: exclusionsSchema,
  occurredAt,
});
export const holdingsIncludedSchema = z.object({
  symbols: z.array(z.string().min(1)),
  sectors: z.array(z.string().min(1)),
  industries: z.array(z.string().min(1)),
  previous: exclusionsSchema,
  occurredAt,
});

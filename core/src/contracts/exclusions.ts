import { z } from 'zod';
import {
  adjustmentOrderSchema,
  exclusionModeContract,
  pausedOrderSchema,
  trackingExclusionsSchema,
} from './trackings';

/** Requests and the preview of a tracking's exclusions (issue 17); the detail's `exclusions` is in trackings.ts. */

const decimalString = z.string();

const exclusionSymbols = z
  .array(z.string().trim().min(1, 'must not be empty').max(20, 'is too long'))
  .max(1000, 'at most 1000 symbols');
const exclusionSectors = z
  .array(z.string().trim().min(1, 'must not be empty').max(100, 'is too long'))
  .max(100, 'at most 100 sectors');
const namesSomething = (body: { symbols: readonly string[]; sectors: readonly string[] }) =>
  body.symbols.length > 0 || body.sectors.length > 0;
const NAME_SOMETHING = { message: 'Name at least one stock or sector', path: ['symbols'] };

/** POST /api/trackings/{id}/exclusions: exclude stocks and sectors; `mode` says what happens to held shares. */
export const excludeHoldingsRequestSchema = z
  .strictObject({
    symbols: exclusionSymbols.default([]),
    sectors: exclusionSectors.default([]),
    mode: exclusionModeContract,
  })
  .refine(namesSomething, NAME_SOMETHING);
export type ExcludeHoldingsRequest = z.input<typeof excludeHoldingsRequestSchema>;

/** DELETE /api/trackings/{id}/exclusions: take stocks and sectors back into the tracking. */
export const includeHoldingsRequestSchema = z
  .strictObject({ symbols: exclusionSymbols.default([]), sectors: exclusionSectors.default([]) })
  .refine(namesSomething, NAME_SOMETHING);
export type IncludeHoldingsRequest = z.input<typeof includeHoldingsRequestSchema>;

/** A comma-separated list in a query string (each item trimmed, empty ones dropped). */
const commaList = z
  .string()
  .max(20_000, 'is too long')
  .optional()
  .transform((text) =>
    (text ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

/**
 * GET /api/trackings/{id}/exclusions/preview?symbols=&sectors=&mode=: the tracking as it would be with exactly these
 * exclusions (those already excluded keep their mode; new ones take `mode`, default "sell"). Nothing is recorded.
 */
export const exclusionsPreviewQuerySchema = z.strictObject({
  symbols: commaList,
  sectors: commaList,
  mode: exclusionModeContract.default('sell'),
});
export const exclusionsPreviewSchema = z.object({
  exclusions: trackingExclusionsSchema,
  targetReplicationRate: decimalString,
  adjustmentOrders: z.array(adjustmentOrderSchema),
  /** Orders left out of `adjustmentOrders`: a held symbol's price move no recorded action explains (issue 32). */
  pausedOrders: z.array(pausedOrderSchema).optional(),
});
export type ExclusionsPreview = z.infer<typeof exclusionsPreviewSchema>;

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
/** GICS sub-industries (issue 30), as the bundled classification spells them (matched without regard to case). */
const exclusionIndustries = z
  .array(z.string().trim().min(1, 'must not be empty').max(100, 'is too long'))
  .max(200, 'at most 200 industries');
/** Named screens by id (issue 30, e.g. "tobacco"): each stands for its industries. */
const exclusionScreens = z
  .array(z.string().trim().min(1, 'must not be empty').max(50, 'is too long'))
  .max(20, 'at most 20 screens');
const namesSomething = (body: {
  symbols: readonly string[];
  sectors: readonly string[];
  industries: readonly string[];
  screens: readonly string[];
}) => body.symbols.length + body.sectors.length + body.industries.length + body.screens.length > 0;
const NAME_SOMETHING = { message: 'Name at least one stock or sector', path: ['symbols'] };
const exclusionNames = {
  symbols: exclusionSymbols.default([]),
  sectors: exclusionSectors.default([]),
  industries: exclusionIndustries.default([]),
  screens: exclusionScreens.default([]),
};

/**
 * POST /api/trackings/{id}/exclusions: exclude stocks, sectors, industries and named screens; `mode` says what
 * happens to held shares.
 */
export const excludeHoldingsRequestSchema = z
  .strictObject({ ...exclusionNames, mode: exclusionModeContract })
  .refine(namesSomething, NAME_SOMETHING);
export type ExcludeHoldingsRequest = z.input<typeof excludeHoldingsRequestSchema>;

/** DELETE /api/trackings/{id}/exclusions: take stocks, sectors, industries and screens back into the tracking. */
export const includeHoldingsRequestSchema = z
  .strictObject(exclusionNames)
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

/** A repeated query parameter (industry names contain commas): one value or several, each trimmed, empty dropped. */
const repeatedList = z
  .union([z.string().max(200, 'is too long'), z.array(z.string().max(200, 'is too long')).max(200)])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value])
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

/**
 * GET /api/trackings/{id}/exclusions/preview?symbols=&sectors=&industries=&industries=&screens=&mode=: the tracking as
 * it would be with exactly these exclusions (those already excluded keep their mode; new ones take `mode`, default
 * "sell"). `industries` is repeated (GICS names contain commas); `screens` is comma-separated ids. Nothing is recorded.
 */
export const exclusionsPreviewQuerySchema = z.strictObject({
  symbols: commaList,
  sectors: commaList,
  industries: repeatedList,
  screens: commaList,
  mode: exclusionModeContract.default('sell'),
});
/** A named values screen (issue 30) and the GICS sub-industries it excludes, as the user is shown them. */
export const industryScreenSchema = z.object({
  id: z.string(),
  name: z.string(),
  industries: z.array(z.string()),
});
export type IndustryScreenContract = z.infer<typeof industryScreenSchema>;
export const exclusionsPreviewSchema = z.object({
  exclusions: trackingExclusionsSchema,
  targetReplicationRate: decimalString,
  adjustmentOrders: z.array(adjustmentOrderSchema),
  /** Orders left out of `adjustmentOrders`: a held symbol's price move no recorded action explains (issue 32). */
  pausedOrders: z.array(pausedOrderSchema).optional(),
  /** The named screens (issue 30); the share no screen can reach is `exclusions.unclassifiedWeight`. */
  screens: z.array(industryScreenSchema).optional(),
});
export type ExclusionsPreview = z.infer<typeof exclusionsPreviewSchema>;

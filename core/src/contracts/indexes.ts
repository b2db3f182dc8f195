import { z } from 'zod';
import { MAX_CUSTOM_CSV_CHARACTERS } from '../indexes/custom-csv';
import { tickerInputSchema } from './market-data';

/**
 * Index contract (issue 30): the definition a create, import, change or preview request carries, and the preview's
 * answer. Only the shape is checked here; the rules (2–10 ETFs adding up to 100, ≤ 1,000 symbols, weights > 0,
 * ≤ 100, ≤ 4 decimals) are core's `checkIndexDefinition`, whose 400s name the row.
 */
const weightInput = z.union([z.number(), z.string()]);
const weightedInput = z.strictObject({ symbol: z.string(), weight: weightInput });
/** Far above the rules' limits, so that the rule (not the parser) names what is wrong; bounds the body. */
const ROWS_READ = 5_000;

export const indexRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('etf'), symbol: tickerInputSchema }),
  z.strictObject({ type: z.literal('blend'), parts: z.array(weightedInput).max(ROWS_READ) }),
  z
    .strictObject({
      type: z.literal('custom'),
      holdings: z.array(weightedInput).max(ROWS_READ).optional(),
      /** A pasted or uploaded CSV (`symbol,weight`), instead of `holdings`. */
      csv: z
        .string()
        .max(MAX_CUSTOM_CSV_CHARACTERS, `must be at most ${MAX_CUSTOM_CSV_CHARACTERS} characters`)
        .optional(),
    })
    .refine((value) => (value.holdings === undefined) !== (value.csv === undefined), {
      message: 'give either holdings or csv',
    }),
]);
export type IndexRequest = z.infer<typeof indexRequestSchema>;

/** POST /api/trackings/{id}/index */
export const changeIndexRequestSchema = z.strictObject({ index: indexRequestSchema });

/** POST /api/indexes/preview: a definition, and optionally the tracking whose orders it would imply. */
export const indexPreviewRequestSchema = z.strictObject({
  index: indexRequestSchema,
  trackingId: z.string().trim().min(1).max(100).optional(),
});

const compositionHolding = z.object({
  symbol: z.string(),
  weight: z.string(),
  price: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
});
const unpricedSymbol = z.object({
  symbol: z.string(),
  weight: z.string(),
  reason: z.enum(['NOT_IN_MARKET_DATA', 'NO_PRICE']),
  message: z.string(),
});
export const indexPreviewResponseSchema = z.object({
  /** The definition as it would be stored (symbols upper case, a list normalised to 100 %). */
  index: z.unknown(),
  label: z.string(),
  holdings: z.array(compositionHolding),
  sectors: z.array(z.object({ sector: z.string(), weight: z.string() })),
  unpriced: z.array(unpricedSymbol),
  /** Percent of the index's weight without an industry in the bundled classification. */
  unclassifiedWeight: z.string(),
  screens: z.array(z.object({ id: z.string(), name: z.string(), industries: z.array(z.string()) })),
  /** With a trackingId: the orders and target rate of that tracking once it follows this index. */
  tracking: z
    .object({
      targetReplicationRate: z.string(),
      adjustmentOrders: z.array(
        z.object({ symbol: z.string(), orderType: z.enum(['BUY', 'SELL']), shares: z.string() }),
      ),
    })
    .optional(),
});
export type IndexPreview = z.infer<typeof indexPreviewResponseSchema>;

import { z } from 'zod';
import { DECIMAL_STRING, dec } from '../shared/decimal';
import { CORPORATE_ACTION_TYPES } from '../tracking/event-schemas/corporate-action';

/**
 * `CorporateActionRecorded` on `corporateactions-all` (issue 32 item 2, DESIGN §6.6): a split (or reverse split), a
 * ticker change or a spin-off of one stock, from the bundled file, FMP's split data or an admin. Trackings follow it
 * with CorporateActionApplied. The action id derives from (type, symbol, effective date): the same action from two
 * sources is recorded once.
 */
export const CORPORATE_ACTION_RECORDED = 'CorporateActionRecorded';
export const CORPORATE_ACTION_SCHEMA_VERSION = 1;
export const CORPORATE_ACTIONS_STREAM = 'corporateactions-all';
export const CORPORATE_ACTION_SOURCES = ['FMP', 'BUNDLED', 'ADMIN'] as const;

const ticker = z
  .string()
  .trim()
  .min(1, 'Enter a ticker')
  .max(12, 'A ticker has at most 12 characters')
  .regex(/^[A-Za-z][A-Za-z0-9.\-/]*$/, 'Enter a ticker such as NFLX or BRK.B')
  .transform((value) => value.toUpperCase());
const positiveDecimal = (label: string) =>
  z
    .string()
    .trim()
    .regex(DECIMAL_STRING, `${label} must be a number such as 10 or 0.1`)
    .refine((value) => dec(value).gt(0), `${label} must be greater than 0`);

/** What an admin (or a source) says about an action; checked with the rules each type needs. */
export const corporateActionTermsSchema = z
  .strictObject({
    type: z.enum(CORPORATE_ACTION_TYPES, { message: 'Type must be SPLIT, RENAME or SPINOFF' }),
    symbol: ticker,
    toSymbol: ticker.optional(),
    /** New shares per old share: "10" for a 10-for-1 split, "0.1" for a 1-for-10 reverse split. */
    ratio: positiveDecimal('The ratio'),
    /** SPINOFF only: the share of the parent's basis the new stock takes, from the issuer's Form 8937. */
    basisFraction: z
      .string()
      .trim()
      .regex(DECIMAL_STRING, 'The basis fraction must be a number such as 0.25')
      .optional(),
    effectiveOn: z.iso.date({ message: 'The effective date must be a date (YYYY-MM-DD)' }),
    note: z.string().trim().max(500, 'The note has at most 500 characters').optional(),
  })
  .superRefine((terms, ctx) => {
    if (terms.type !== 'SPLIT' && !terms.toSymbol)
      ctx.addIssue({ code: 'custom', path: ['toSymbol'], message: `A ${terms.type} needs the new ticker` });
    if (terms.toSymbol && terms.toSymbol === terms.symbol)
      ctx.addIssue({
        code: 'custom',
        path: ['toSymbol'],
        message: 'The new ticker must differ from the old one',
      });
    if (terms.type === 'SPLIT' && terms.toSymbol)
      ctx.addIssue({ code: 'custom', path: ['toSymbol'], message: 'A split keeps its ticker' });
    if (terms.type === 'RENAME' && !dec(terms.ratio).eq(1))
      ctx.addIssue({ code: 'custom', path: ['ratio'], message: 'A ticker change has ratio 1' });
    if (terms.type === 'SPLIT' && dec(terms.ratio).eq(1))
      ctx.addIssue({
        code: 'custom',
        path: ['ratio'],
        message: 'A split changes the share count: ratio 1 is none',
      });
    if (terms.type === 'SPINOFF') {
      const fraction = terms.basisFraction === undefined ? null : dec(terms.basisFraction);
      if (!(fraction?.gt(0) && fraction.lt(1)))
        ctx.addIssue({
          code: 'custom',
          path: ['basisFraction'],
          message: "A spin-off needs the basis fraction from the issuer's Form 8937, between 0 and 1",
        });
    } else if (terms.basisFraction !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['basisFraction'],
        message: 'Only a spin-off has a basis fraction',
      });
  });
export type CorporateActionTerms = z.output<typeof corporateActionTermsSchema>;
export type CorporateActionInput = z.input<typeof corporateActionTermsSchema>;

export const corporateActionRecordedSchema = z.object({
  actionId: z.string().min(1),
  type: z.enum(CORPORATE_ACTION_TYPES),
  symbol: z.string().min(1),
  toSymbol: z.string().min(1).nullable(),
  ratio: z.string().regex(DECIMAL_STRING),
  basisFraction: z.string().regex(DECIMAL_STRING).nullable(),
  effectiveOn: z.iso.date(),
  source: z.enum(CORPORATE_ACTION_SOURCES),
  note: z.string().nullable(),
  recordedAt: z.iso.datetime({ offset: true }),
});
export type CorporateActionRecorded = z.infer<typeof corporateActionRecordedSchema>;

/** The id of an action: equal (type, symbol, effective date) from any source is the same action. */
export const corporateActionKey = (
  terms: Pick<CorporateActionTerms, 'type' | 'symbol' | 'effectiveOn'>,
): string => `${terms.type}:${terms.symbol}:${terms.effectiveOn}`;

/** "10-for-1", "1-for-10", "3-for-2": new shares for old, from the ratio. */
export const describeRatio = (ratio: string): string => {
  const [n, d] = dec(ratio).toFraction(10_000);
  return `${n?.toFixed() ?? ratio}-for-${d?.toFixed() ?? '1'}`;
};

/** `PriceMoveConfirmed` on the same stream: an admin says a flagged move is real (no action to record). */
export const PRICE_MOVE_CONFIRMED = 'PriceMoveConfirmed';
export const priceMoveConfirmationSchema = z.strictObject({
  symbol: ticker,
  snapshotDate: z.iso.date({ message: 'The snapshot date must be a date (YYYY-MM-DD)' }),
});
export const priceMoveConfirmedSchema = z.object({
  symbol: z.string().min(1),
  snapshotDate: z.iso.date(),
  confirmedAt: z.iso.datetime({ offset: true }),
});

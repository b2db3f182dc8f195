import { z } from 'zod';
import { dec, toDecimalString } from '../shared/decimal';
import { decimal } from '../tracking/event-schemas/primitives';
import type { TaxPart, TaxParts } from './harvesting';
import { buildLedger, type LedgerOptions, type TaxLedger } from './ledger-fold';
import type { LedgerLot, TradeFact } from './ledger-types';

/**
 * The investor's ledger figures a harvest is judged by (issue 26): one tracking's open lot parts with their adjusted
 * basis and holding-period start. The API reads them from the ledger and passes them in the HarvestLosses command as
 * data (decimal strings), so that the decider stays pure; the decider validates them with the schema below.
 */

export const taxPartDataSchema = z.strictObject({
  lotId: z.string().min(1),
  shares: decimal,
  /** Adjusted basis of the part's shares; null when the cost is unknown. */
  basis: decimal.nullable(),
  /** Tacked holding-period start (New York date); null when the date is unknown. */
  holdingStart: z.iso.date().nullable(),
  /** The part carries a disallowed loss (a sale takes it first). */
  adjusted: z.boolean(),
});
export type TaxPartData = z.infer<typeof taxPartDataSchema>;
export const taxPartsDataSchema = z.array(taxPartDataSchema);

const partOf = (part: LedgerLot): TaxPart => ({
  shares: part.shares,
  basis: part.basis,
  holdingStart: part.holdingStart,
  adjusted: part.adjustments.length > 0,
});

const byLot = (entries: readonly (readonly [string, TaxPart])[]): TaxParts => {
  const parts = new Map<string, TaxPart[]>();
  for (const [lotId, part] of entries) {
    const list = parts.get(lotId);
    if (list) list.push(part);
    else parts.set(lotId, [part]);
  }
  return parts;
};

/** Ledger parts per lot id, in the ledger's part order. */
export const taxPartsOf = (parts: readonly LedgerLot[]): TaxParts =>
  byLot(parts.map((part) => [part.lotId, partOf(part)] as const));

/** Ledger parts as command data. */
export const taxPartsData = (parts: readonly LedgerLot[]): TaxPartData[] =>
  parts.map((part) => ({
    lotId: part.lotId,
    shares: toDecimalString(part.shares),
    basis: part.basis === null ? null : toDecimalString(part.basis),
    holdingStart: part.holdingStart,
    adjusted: part.adjustments.length > 0,
  }));

/** Command data as TaxParts; throws a ZodError when it is malformed (the API built it wrong). */
export const taxPartsFromData = (data: unknown): TaxParts =>
  byLot(
    taxPartsDataSchema.parse(data).map((part) => [
      part.lotId,
      {
        shares: dec(part.shares),
        basis: part.basis === null ? null : dec(part.basis),
        holdingStart: part.holdingStart,
        adjusted: part.adjusted,
      },
    ]),
  );

const dateOf = (fact: TradeFact): string | null =>
  fact.kind === 'ACQUIRE' ? fact.acquiredOn : fact.kind === 'SELL' ? fact.soldOn : fact.effectiveOn;

/**
 * The open parts of `trackingId`'s lots as a sale on `tradeDate` finds them: the ledger's own open lots when no fact
 * is dated after it (the usual "now"); else — a backdated sale — the fold of the facts dated up to it, because a
 * later loss sale may since have moved a disallowed loss into a lot that the backdated sale takes first (the ledger
 * folds by trade date, so that later sale then matches other replacements). `ledger` is the ledger of `facts`.
 */
export const openPartsOn = (
  ledger: TaxLedger,
  facts: readonly TradeFact[],
  tradeDate: string,
  trackingId: string,
  options?: LedgerOptions,
): LedgerLot[] => {
  const dated = (fact: TradeFact) => {
    const date = dateOf(fact);
    return date === null || date <= tradeDate;
  };
  const open = facts.every(dated) ? ledger.openLots : buildLedger(facts.filter(dated), options).openLots;
  return open.filter((part) => part.trackingId === trackingId);
};

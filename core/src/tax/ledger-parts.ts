import { type Decimal, ZERO } from '../shared/decimal';
import type { LedgerLot, WashAdjustment } from './ledger-types';

/*
 * The ledger fold's working state for one open lot (ledger.ts): mutable on purpose, so that a fold over 20,000 facts
 * never copies arrays per fact. Nothing here leaves the fold: buildLedger hands out frozen LedgerLot snapshots.
 */

export type Part = {
  shares: Decimal;
  /** null: the cost is unknown. */
  basis: Decimal | null;
  holdingStart: string | null;
  adjustments: WashAdjustment[];
};

export type OpenLot = {
  readonly lotId: string;
  readonly trackingId: string;
  symbol: string;
  readonly acquiredOn: string | null;
  parts: Part[];
};

/** Shares taken from one part by a close, with their share of the part's basis. */
export type Taken = {
  readonly shares: Decimal;
  readonly basis: Decimal | null;
  readonly holdingStart: string | null;
};

/**
 * Takes `shares` out of `part` (mutating it): basis in proportion, and the whole remaining basis when every share
 * goes, so that the pieces of a basis always add up to it exactly.
 */
export const takeFromPart = (part: Part, shares: Decimal): Taken => {
  const all = shares.gte(part.shares);
  const taken = all ? part.shares : shares;
  const basis = part.basis === null ? null : all ? part.basis : part.basis.mul(taken).div(part.shares);
  part.shares = part.shares.sub(taken);
  if (part.basis !== null && basis !== null) part.basis = all ? ZERO : part.basis.sub(basis);
  return { shares: taken, basis, holdingStart: part.holdingStart };
};

/**
 * The order in which a sale takes a lot's parts: adjusted parts first, then the others, each in part order. Harvest
 * candidates (harvesting.ts) judge parts in this same order, so that the shares they name realise those parts.
 */
export const closeOrder = <P>(parts: readonly P[], adjusted: (part: P) => boolean): P[] => [
  ...parts.filter(adjusted),
  ...parts.filter((part) => !adjusted(part)),
];

const carriesAdjustment = (part: Part): boolean => part.adjustments.length > 0;

/** Closes `shares` of a lot in close order. Empty parts are dropped. */
export const takeFromLot = (lot: OpenLot, shares: Decimal): Taken[] => {
  const pieces: Taken[] = [];
  let left = shares;
  for (const part of closeOrder(lot.parts, carriesAdjustment)) {
    if (!left.gt(ZERO)) break;
    if (!part.shares.gt(ZERO)) continue;
    const piece = takeFromPart(part, left);
    left = left.sub(piece.shares);
    pieces.push(piece);
  }
  lot.parts = lot.parts.filter((part) => part.shares.gt(ZERO));
  return pieces;
};

/** Shares of a lot that have absorbed no disallowed loss yet (what it can still give as a replacement). */
export const unabsorbedShares = (lot: OpenLot): Decimal => {
  let total = ZERO;
  for (const part of lot.parts) if (part.adjustments.length === 0) total = total.add(part.shares);
  return total;
};

/**
 * Moves `shares` of the lot's unabsorbed parts into a new part carrying the disallowed loss `adjustment.amount` in
 * its basis and starting its holding period at `holdingStart`.
 */
export const absorbIntoLot = (
  lot: OpenLot,
  shares: Decimal,
  adjustment: WashAdjustment,
  holdingStart: string | null,
): void => {
  let left = shares;
  let basis: Decimal | null = ZERO;
  for (const part of lot.parts) {
    if (!left.gt(ZERO)) break;
    if (part.adjustments.length > 0 || !part.shares.gt(ZERO)) continue;
    const piece = takeFromPart(part, left);
    left = left.sub(piece.shares);
    basis = basis === null || piece.basis === null ? null : basis.add(piece.basis);
  }
  const absorbed = shares.sub(left);
  lot.parts = lot.parts.filter((part) => part.shares.gt(ZERO));
  lot.parts.unshift({
    shares: absorbed,
    basis: basis === null ? null : basis.add(adjustment.amount),
    holdingStart,
    adjustments: [adjustment],
  });
};

/** The open parts of a lot as the ledger hands them out. */
export const lotSnapshots = (lot: OpenLot): LedgerLot[] =>
  lot.parts
    .filter((part) => part.shares.gt(ZERO))
    .map((part) => ({
      lotId: lot.lotId,
      trackingId: lot.trackingId,
      symbol: lot.symbol,
      shares: part.shares,
      basis: part.basis,
      acquiredOn: lot.acquiredOn,
      holdingStart: part.holdingStart,
      adjustments: [...part.adjustments],
    }));

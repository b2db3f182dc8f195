import { type Decimal, dec, ZERO } from '../shared/decimal';
import { PersistentMap } from '../shared/persistent-map';
import { AppendOnlyList, type ReadonlyList } from '../shared/readonly-list';
import { nyTradeDate } from '../tax/trade-date';
import type { CorporateActionApplied, CorporateActionType, LotBeforeJson } from './events';
import type { Exclusions } from './exclusions';
import { LotBook } from './lot-book';
import { closeFromJson, closeToJson, type Lot, openLot } from './lots';
import type { ActiveTracking, TrackingAction } from './state-types';

/* How a corporate action moves a tracking's positions, lots, exclusions and last prices (issue 32 item 2). */

/** What the history entry of a CorporateActionApplied keeps, so that a revert can restore everything exactly. */
export type CorporateActionRecord = {
  readonly corporateActionId: string;
  readonly type: CorporateActionType;
  readonly symbol: string;
  readonly toSymbol: string | null;
  readonly ratio: Decimal;
  readonly lotsBefore: readonly Lot[];
  /** Ids of the lots the action left (changed parents and opened spin-off lots). */
  readonly lotIdsAfter: readonly string[];
  /** Shares per symbol the action added (negative: removed). */
  readonly positionChanges: readonly { readonly symbol: string; readonly shares: Decimal }[];
  readonly lastPricesBefore: readonly { readonly symbol: string; readonly price: Decimal }[];
  /** RENAME: the exclusions before, when the rename moved one; else null. */
  readonly exclusionsBefore: Exclusions | null;
};

export const lotFromJson = (lot: LotBeforeJson): Lot => closeFromJson(lot.symbol, lot);

export const lotToJson = (lot: Lot): LotBeforeJson => ({ ...closeToJson(lot), symbol: lot.symbol });

/**
 * The lots an action on `symbol` effective on `effectiveOn` applies to: acquired BEFORE that trade date. The
 * effective date is the first day the stock trades adjusted (the ex-date): shares bought that day are already new.
 */
export const lotsCoveredBy = (lots: ReadonlyList<Lot>, symbol: string, effectiveOn: string): Lot[] =>
  lots.filter((lot) => lot.symbol === symbol && nyTradeDate(lot.acquiredAt) < effectiveOn);

/** The id of the spin-off lot a parent lot opens (the ledger's convention, ledger-types.ts). */
export const spinOffLotId = (lotId: string, actionId: string): string => `${lotId}:${actionId}`;

type ActionTerms = Pick<
  CorporateActionApplied['data'],
  'actionId' | 'type' | 'toSymbol' | 'ratio' | 'basisFraction'
>;

/**
 * What one lot becomes. SPLIT: shares × ratio, cost per share ÷ ratio (basis unchanged). RENAME: the new ticker.
 * SPINOFF: the parent keeps basis × (1 − f) on its shares; a lot of `toSymbol` opens with shares × ratio and basis × f.
 * Acquired dates never change.
 */
export const transformLot = (lot: Lot, terms: ActionTerms): Lot[] => {
  const ratio = dec(terms.ratio);
  if (terms.type === 'SPLIT')
    return [{ ...lot, shares: lot.shares.mul(ratio), costPerShare: lot.costPerShare.div(ratio) }];
  const toSymbol = terms.toSymbol ?? lot.symbol;
  if (terms.type === 'RENAME') return [{ ...lot, symbol: toSymbol }];
  const fraction = dec(terms.basisFraction ?? '0');
  const basis = lot.shares.mul(lot.costPerShare);
  const childShares = lot.shares.mul(ratio);
  const parent = { ...lot, costPerShare: lot.costPerShare.mul(dec('1').sub(fraction)) };
  if (childShares.isZero()) return [parent];
  const child: Lot = {
    lotId: spinOffLotId(lot.lotId, terms.actionId),
    symbol: toSymbol,
    shares: childShares,
    costPerShare: basis.mul(fraction).div(childShares),
    acquiredAt: lot.acquiredAt,
    costKnown: lot.costKnown,
    dateKnown: lot.dateKnown,
  };
  return [parent, child];
};

const addTo = (map: Map<string, Decimal>, symbol: string, shares: Decimal) => {
  const next = (map.get(symbol) ?? ZERO).add(shares);
  if (next.isZero()) map.delete(symbol);
  else map.set(symbol, next);
};

const renamedExclusions = (exclusions: Exclusions, from: string, to: string): Exclusions | null => {
  if (!exclusions.symbols.some((entry) => entry.symbol === from)) return null;
  const symbols = new Map(exclusions.symbols.map((entry) => [entry.symbol, entry.mode]));
  const mode = symbols.get(from);
  symbols.delete(from);
  if (mode && !symbols.has(to)) symbols.set(to, mode);
  return {
    ...exclusions,
    symbols: [...symbols]
      .map(([symbol, m]) => ({ symbol, mode: m }))
      .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)),
  };
};

/** Applies a CorporateActionApplied: a system action in the history (revertible), drift alerts untouched. */
export const evolveCorporateAction = (
  state: ActiveTracking,
  event: CorporateActionApplied,
): ActiveTracking => {
  const { data } = event;
  const lotsBefore = data.lotsBefore.map(lotFromJson);
  const beforeIds = new Set(lotsBefore.map((lot) => lot.lotId));
  const after = lotsBefore.flatMap((lot) => transformLot(lot, data));
  let lots = state.lots.filter((lot) => !beforeIds.has(lot.lotId));
  for (const lot of after) lots = openLot(lots, lot);
  const changes = new Map<string, Decimal>();
  for (const lot of lotsBefore) addTo(changes, lot.symbol, lot.shares.neg());
  for (const lot of after) addTo(changes, lot.symbol, lot.shares);
  const positions = new Map(state.positions);
  for (const [symbol, shares] of changes) addTo(positions, symbol, shares);
  const lastPrices = new Map(state.lastPrices);
  const lastPricesBefore: { symbol: string; price: Decimal }[] = [];
  const parentPrice = state.lastPrices.get(data.symbol);
  if (parentPrice && data.type !== 'SPINOFF') {
    lastPricesBefore.push({ symbol: data.symbol, price: parentPrice });
    if (data.type === 'SPLIT') lastPrices.set(data.symbol, parentPrice.div(dec(data.ratio)));
    else if (data.toSymbol) {
      lastPrices.delete(data.symbol);
      if (!lastPrices.has(data.toSymbol)) lastPrices.set(data.toSymbol, parentPrice);
    }
  }
  const renamed =
    data.type === 'RENAME' && data.toSymbol
      ? renamedExclusions(state.exclusions, data.symbol, data.toSymbol)
      : null;
  const entry: TrackingAction = {
    actionId: event.id,
    type: 'CORPORATE_ACTION',
    occurredAt: data.occurredAt,
    cashChange: ZERO,
    targetChange: ZERO,
    positionChange: null,
    setting: null,
    lots: null,
    exclusionsBefore: null,
    reverted: false,
    revertedBy: null,
    revertsActionId: null,
    harvestId: null,
    corporateAction: {
      corporateActionId: data.actionId,
      type: data.type,
      symbol: data.symbol,
      toSymbol: data.toSymbol,
      ratio: dec(data.ratio),
      lotsBefore,
      lotIdsAfter: after.map((lot) => lot.lotId),
      positionChanges: [...changes].map(([symbol, shares]) => ({ symbol, shares })),
      lastPricesBefore,
      exclusionsBefore: renamed ? state.exclusions : null,
    },
  };
  const exclusions = renamed ?? state.exclusions;
  return {
    ...state,
    positions: PersistentMap.from(positions),
    lots: LotBook.from(lots),
    lastPrices: PersistentMap.from(lastPrices),
    exclusions,
    actions: AppendOnlyList.from(state.actions).append(entry),
  };
};

/** A revert's restored last prices (corporate actions), applied over the fold's. */
export const restoredLastPrices = (
  lastPrices: ReadonlyMap<string, Decimal>,
  restored: readonly { readonly symbol: string; readonly price: string }[] | undefined,
): ReadonlyMap<string, Decimal> => {
  if (!restored?.length) return lastPrices;
  let next = PersistentMap.from(lastPrices);
  for (const { symbol, price } of restored) next = next.with(symbol, dec(price));
  return next;
};

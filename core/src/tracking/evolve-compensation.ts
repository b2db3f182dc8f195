import { type Decimal, dec, ZERO } from '../shared/decimal';
import { PersistentMap } from '../shared/persistent-map';
import { AppendOnlyList } from '../shared/readonly-list';
import type { Compensation } from './events';
import { restoredLastPrices } from './evolve-corporate-action';
import { compensateLots } from './evolve-lots';
import { LotBook } from './lot-book';
import type { ActiveTracking } from './state-types';
import { indexFields } from './tracking-index';

/** The positions with `change` shares of `symbol` (a symbol at zero is removed). Copies nothing (PersistentMap). */
export const withPosition = (positions: ReadonlyMap<string, Decimal>, symbol: string, change: Decimal) => {
  const shares = (positions.get(symbol) ?? ZERO).add(change);
  return PersistentMap.from(positions).with(symbol, shares.isZero() ? undefined : shares);
};

/** A revert's compensation applied: positions, cash, lots, settings and history back as they were. */
export const compensate = (state: ActiveTracking, c: Compensation, revertId: string, revertedId: string) => {
  let positions = state.positions;
  for (const { symbol, shares } of c.positions) positions = withPosition(positions, symbol, dec(shares));
  const lots = LotBook.from(compensateLots(state, c, revertedId));
  // A harvest's revert undoes its orders too. (Reverts copy the history and the lots: they are rare.)
  const actions = state.actions.map((entry) =>
    entry.actionId === revertedId || (entry.type === 'EXECUTE_ORDER' && entry.harvestId === revertedId)
      ? { ...entry, reverted: true, revertedBy: revertId }
      : entry,
  );
  return {
    ...state,
    cash: state.cash.add(dec(c.cash)),
    targetAmount: state.targetAmount.add(dec(c.targetAmount)),
    positions,
    lots,
    settings: { ...state.settings, ...c.settings },
    exclusions: c.exclusions ?? state.exclusions,
    ...(c.index ? indexFields(c.index) : {}),
    lastPrices: restoredLastPrices(state.lastPrices, c.lastPrices),
    actions: AppendOnlyList.from(actions),
  };
};

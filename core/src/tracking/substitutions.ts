import type { HoldingInput } from '../replication/types';
import { dec } from '../shared/decimal';
import { addDays, daysFrom } from '../tax/dates';

/**
 * What a tracking remembers of a harvest (issue 19): `replacement` stands in for the sold `symbol`. Inside the
 * wash-sale window (the sale's trade date + 30 days) the engine gives the sold stock's weight to the replacement and
 * never suggests buying the sold stock back; from day 31 it measures against the ETF again, which suggests switching
 * back — unless the user kept the replacement (then it stands in for good).
 */
export type SubstitutionRecord = {
  readonly harvestId: string;
  readonly symbol: string;
  readonly replacement: string;
  /** Trade date of the harvest's sale (YYYY-MM-DD). */
  readonly harvestedAt: string;
  readonly kept: boolean;
};

export type SubstitutionStatus = 'window' | 'switchBack' | 'kept';

/** Last day of the wash-sale window after a sale on `saleDate`: no buy of the sold stock up to and including it. */
export const windowEndAfter = (saleDate: string): string => addDays(saleDate, 30);

export const windowEndsAt = (substitution: SubstitutionRecord): string =>
  windowEndAfter(substitution.harvestedAt);

export const substitutionStatus = (substitution: SubstitutionRecord, today: string): SubstitutionStatus => {
  if (substitution.kept) return 'kept';
  return today <= windowEndsAt(substitution) ? 'window' : 'switchBack';
};

/** Days left in the window (0 once it ended). */
export const windowDaysLeft = (substitution: SubstitutionRecord, today: string): number =>
  Math.max(0, daysFrom(today, windowEndsAt(substitution)));

/**
 * Symbols no BUY may be suggested for `today`: the sold stocks whose wash-sale window is open (kept or not: keeping
 * the replacement does not shorten the IRS window).
 */
export const symbolsInWindow = (subs: readonly SubstitutionRecord[], today: string): Set<string> =>
  new Set(subs.filter((sub) => today <= windowEndsAt(sub)).map((sub) => sub.symbol));

/**
 * The ETF's holdings as the engine should see them `today`: each sold stock whose replacement stands in (window or
 * kept) leaves the list and its weight goes to the replacement (largest weight first again, ties by symbol). When
 * the snapshot no longer lists either stock the pair is skipped; `withoutBuysInWindow` still keeps a BUY of the sold
 * stock out inside the window.
 */
export const substituteHoldings = <H extends HoldingInput>(
  holdings: readonly H[],
  subs: readonly SubstitutionRecord[],
  today: string,
): readonly H[] => {
  if (subs.length === 0) return holdings;
  let result = [...holdings];
  for (const sub of subs) {
    if (substitutionStatus(sub, today) === 'switchBack') continue;
    const sold = result.find((holding) => holding.symbol === sub.symbol);
    const standIn = result.find((holding) => holding.symbol === sub.replacement);
    if (!sold || !standIn) continue;
    const weight = dec(sold.weightPercentage).add(dec(standIn.weightPercentage)).toFixed();
    result = result
      .filter((holding) => holding.symbol !== sub.symbol)
      .map((holding) => (holding === standIn ? { ...holding, weightPercentage: weight } : holding));
  }
  // Nothing stood in: the list itself, so that what is kept per holdings list (the universe, weights) still applies.
  if (result.length === holdings.length) return holdings;
  return result.sort(
    (a, b) =>
      dec(b.weightPercentage).comparedTo(dec(a.weightPercentage)) ||
      (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0),
  );
};

/** The suggested orders without any BUY of a stock inside a wash-sale window. */
export const withoutBuysInWindow = <O extends { readonly symbol: string; readonly orderType: string }>(
  orders: readonly O[],
  subs: readonly SubstitutionRecord[],
  today: string,
  /** Symbols in a window of the owner's other trackings (a buy here would be a wash sale of that harvest). */
  elsewhere: ReadonlySet<string> = new Set(),
): O[] => {
  const blocked = new Set([...symbolsInWindow(subs, today), ...elsewhere]);
  return orders.filter((order) => !(order.orderType === 'BUY' && blocked.has(order.symbol)));
};

import { type Decimal, dec } from '../shared/decimal';

/* Price moves no recorded action explains (issue 32 item 2): the safety net for a split nobody recorded yet. */

/** A move beyond this share of the earlier price (50 %) between two consecutive snapshots is flagged. */
export const PRICE_ALERT_THRESHOLD = dec('0.5');

export type PriceAlert = {
  readonly symbol: string;
  readonly from: string;
  readonly to: string;
  /** Signed percent, 2 decimals ("-89.52"). */
  readonly changePercent: string;
  /** The later snapshot's price date. */
  readonly snapshotDate: string;
  /** The dates of the two closes compared (a holding's close may be older than its snapshot). */
  readonly fromDate: string;
  readonly toDate: string;
};

export type PricedSnapshot = {
  /** The snapshot's date (its newest close): what an alert and a confirmation name. */
  readonly date: string;
  /** Each holding's price and the date of that price (a holding's close may be older than the snapshot). */
  readonly prices: ReadonlyMap<string, { readonly price: Decimal; readonly asOf: string }>;
};

/** An action that explains a move of `symbol` when effective after the earlier snapshot and by the later one. */
export type ExplainingAction = {
  readonly symbol: string;
  readonly toSymbol: string | null;
  readonly effectiveOn: string;
};

/**
 * The held symbols whose price moved more than 50 % between `previous` and `latest`, unless a recorded corporate
 * action of that symbol (or one that renamed or spun it off) took effect between the two prices' dates, or an admin
 * confirmed the move for that snapshot date (`confirmed`: "SYMBOL@YYYY-MM-DD").
 */
export const priceAlertsFor = (
  held: Iterable<string>,
  previous: PricedSnapshot,
  latest: PricedSnapshot,
  actions: readonly ExplainingAction[],
  confirmed: ReadonlySet<string>,
): PriceAlert[] => {
  const alerts: PriceAlert[] = [];
  for (const symbol of [...new Set(held)].sort()) {
    const before = previous.prices.get(symbol);
    const after = latest.prices.get(symbol);
    if (!before || !after || before.price.isZero()) continue;
    const { price: from } = before;
    const { price: to } = after;
    const change = to.sub(from).div(from);
    if (!change.abs().gt(PRICE_ALERT_THRESHOLD)) continue;
    const explained = actions.some(
      (action) =>
        (action.symbol === symbol || action.toSymbol === symbol) &&
        action.effectiveOn > before.asOf &&
        action.effectiveOn <= after.asOf,
    );
    if (explained || confirmed.has(`${symbol}@${latest.date}`)) continue;
    alerts.push({
      symbol,
      from: from.toFixed(),
      to: to.toFixed(),
      changePercent: change.mul(100).toDecimalPlaces(2).toFixed(2),
      snapshotDate: latest.date,
      fromDate: before.asOf,
      toDate: after.asOf,
    });
  }
  return alerts;
};

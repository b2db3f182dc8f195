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
};

export type PricedSnapshot = {
  /** The date of its closes (asOf.pricesTo). */
  readonly date: string;
  readonly prices: ReadonlyMap<string, Decimal>;
};

/** An action that explains a move of `symbol` when effective after the earlier snapshot and by the later one. */
export type ExplainingAction = {
  readonly symbol: string;
  readonly toSymbol: string | null;
  readonly effectiveOn: string;
};

/**
 * The held symbols whose price moved more than 50 % between `previous` and `latest`, unless a recorded corporate
 * action of that symbol (or one that renamed or spun it off) took effect in (previous.date, latest.date], or an admin
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
    const from = previous.prices.get(symbol);
    const to = latest.prices.get(symbol);
    if (!from || !to || from.isZero()) continue;
    const change = to.sub(from).div(from);
    if (!change.abs().gt(PRICE_ALERT_THRESHOLD)) continue;
    const explained = actions.some(
      (action) =>
        (action.symbol === symbol || action.toSymbol === symbol) &&
        action.effectiveOn > previous.date &&
        action.effectiveOn <= latest.date,
    );
    if (explained || confirmed.has(`${symbol}@${latest.date}`)) continue;
    alerts.push({
      symbol,
      from: from.toFixed(),
      to: to.toFixed(),
      changePercent: change.mul(100).toDecimalPlaces(2).toFixed(2),
      snapshotDate: latest.date,
    });
  }
  return alerts;
};

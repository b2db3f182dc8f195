import { addDays, daysFrom } from './dates';
import { nyTradeDate } from './trade-date';

/**
 * The wash-sale rule (IRS Publication 550): a loss is disallowed when substantially identical shares are bought
 * within 30 days before or after the sale. Here, checked across ALL of the user's trackings, for a sale today of the
 * loss lots of one symbol:
 * - before: a BUY of the same security (its other share classes included, see share-classes.ts) in the last 30
 *   days, other than the lots being sold, blocks the sale until 31 days after that buy;
 * - after: a BUY of it that a tracking suggests now (its target asks for more) would fall inside the 30 days after
 *   the sale, so the sale is blocked while that stands; the date given is the end of the sale's own window.
 * Lots bought today and sold today are the lots being sold: they never block their own sale.
 */
export const WASH_SALE_DAYS = 30;

export type Purchase = {
  /** The BUY's event id, which is also its lot id. */
  readonly lotId: string;
  readonly symbol: string;
  readonly acquiredAt: string;
  /** Which tracking bought it, for the reason text ("IVV tracking"). */
  readonly trackingLabel: string;
};

export type PendingBuy = { readonly symbol: string; readonly shares: string; readonly trackingLabel: string };

export type WashSale =
  | { readonly status: 'clear' }
  | { readonly status: 'blocked'; readonly until: string; readonly reason: string };

export const washSaleStatus = ({
  symbol,
  sellingLotIds,
  today,
  purchases,
  pendingBuys,
  isSameSecurity,
}: {
  readonly symbol: string;
  readonly sellingLotIds: ReadonlySet<string>;
  readonly today: string;
  readonly purchases: readonly Purchase[];
  readonly pendingBuys: readonly PendingBuy[];
  /** Default: the same symbol only. */
  readonly isSameSecurity?: (other: string) => boolean;
}): WashSale => {
  const same = isSameSecurity ?? ((other: string) => other === symbol);
  const blocks: { until: string; reason: string }[] = [];
  for (const purchase of purchases) {
    if (sellingLotIds.has(purchase.lotId) || !same(purchase.symbol)) continue;
    const bought = nyTradeDate(purchase.acquiredAt);
    const daysAgo = daysFrom(bought, today);
    if (daysAgo < 0 || daysAgo > WASH_SALE_DAYS) continue;
    const what = purchase.symbol === symbol ? symbol : `${purchase.symbol} (a share class of ${symbol})`;
    blocks.push({
      until: addDays(bought, WASH_SALE_DAYS + 1),
      reason: `${what} was bought on ${bought} in the ${purchase.trackingLabel} tracking, within 30 days before a sale today: the loss would be disallowed (wash sale).`,
    });
  }
  for (const pending of pendingBuys) {
    if (!same(pending.symbol)) continue;
    blocks.push({
      until: addDays(today, WASH_SALE_DAYS + 1),
      reason: `The ${pending.trackingLabel} tracking suggests buying ${pending.shares} ${pending.symbol}: a buy within 30 days after the sale would disallow the loss (wash sale).`,
    });
  }
  if (blocks.length === 0) return { status: 'clear' };
  const latest = blocks.reduce((a, b) => (b.until > a.until ? b : a));
  return { status: 'blocked', until: latest.until, reason: latest.reason };
};

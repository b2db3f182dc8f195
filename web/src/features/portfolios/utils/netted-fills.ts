import type { NettedOrder, PortfolioOrdersRequest } from '@etf-replicator/core/contracts/portfolio';
import { type Decimal, dec, ZERO } from '@etf-replicator/core/shared/decimal';
import { FILL_MESSAGES, typedNumber } from '@/features/tracking-detail/utils/fills-draft';

/** What the investor says about one netted order's execution: the typed fill price and trade date (YYYY-MM-DD). */
export type NettedFill = { price: string; tradeDate: string };
export type NettedFillErrors = { price?: string; tradeDate?: string };
export type RecordedOrder = PortfolioOrdersRequest['orders'][number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A fill starts as the list suggested it: the latest price, today in New York. */
export const initialNettedFill = (order: Pick<NettedOrder, 'price'>, today: string): NettedFill => ({
  price: order.price ?? '',
  tradeDate: today,
});

/** The same rules and words as a tracking's fills dialog: a price above 0, a trade date not after today. */
export const nettedFillErrors = (fill: NettedFill, today: string): NettedFillErrors => {
  const errors: NettedFillErrors = {};
  const price = typedNumber(fill.price);
  if (price === null || !price.gt(0)) errors.price = FILL_MESSAGES.price;
  if (!DATE.test(fill.tradeDate) || Number.isNaN(Date.parse(fill.tradeDate)))
    errors.tradeDate = FILL_MESSAGES.tradeDate;
  else if (fill.tradeDate > today) errors.tradeDate = FILL_MESSAGES.future;
  return errors;
};

/** The typed price as a decimal ("1,269.5" → 1269.5), or null when it is not a number. */
export const nettedFillPrice = (fill: NettedFill): Decimal | null => typedNumber(fill.price);

/** shares × typed price (null while the price is not a number). */
export const nettedFillAmount = (order: Pick<NettedOrder, 'shares'>, fill: NettedFill): Decimal | null => {
  const price = nettedFillPrice(fill);
  return price === null ? null : dec(order.shares).mul(price);
};

/**
 * The order as POST /api/portfolio/orders takes it (call only without errors): the netted shares, the typed price,
 * and the trade date unless it is today (the API then records now, whose New York date is today).
 */
export const nettedFillToSend = (order: NettedOrder, fill: NettedFill, today: string): RecordedOrder => ({
  symbol: order.symbol,
  orderType: order.orderType,
  shares: order.shares,
  price: (typedNumber(fill.price) ?? ZERO).toFixed(),
  ...(fill.tradeDate === today ? {} : { executedAt: fill.tradeDate }),
});

import { type Decimal, dec, type Netted, normaliseNumberText, parseShares } from '@etf-replicator/core';
import { type PortfolioOrdersRequest, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { HttpError } from '../../http/http-error';

/** One tracking's part of an executed netted order, with the fill the investor entered for the whole order. */
export type ExecutedPart = {
  readonly symbol: string;
  readonly orderType: 'BUY' | 'SELL';
  readonly shares: string;
  readonly fillPrice?: string | number;
  readonly executedAt?: string;
};

const isZeroText = (input: string | number): boolean => /^0*(\.0*)?$/.test(normaliseNumberText(input));

/**
 * Checks the executed netted orders against the portfolio's netted list and splits each back into its trackings'
 * parts (issue 29 item 2). The rule for partial fills: only whole netted orders are recorded — the shares must equal
 * the netted shares — so each part is exactly the order its tracking suggested (a proportional split of a partial
 * fill would leave fractions a whole-share tracking cannot hold). An order whose parts cancel out has 0 shares at
 * the broker and is recorded by sending shares 0: each tracking still records its own part. 400 naming the symbol
 * otherwise; nothing is recorded.
 */
export const splitExecution = (
  netted: readonly Netted[],
  orders: PortfolioOrdersRequest['orders'],
): Map<string, ExecutedPart[]> => {
  const bySymbol = new Map(netted.map((order) => [order.symbol, order]));
  const seen = new Set<string>();
  const byTracking = new Map<string, ExecutedPart[]>();
  for (const order of orders) {
    const symbol = order.symbol.trim().toUpperCase();
    const net = bySymbol.get(symbol);
    if (!net || (!net.shares.isZero() && net.orderType !== order.orderType)) {
      throw new HttpError(400, portfolioMessages.notInOrders(symbol));
    }
    if (seen.has(symbol)) throw new HttpError(400, `${symbol} is listed more than once`);
    seen.add(symbol);
    const shares: Decimal =
      net.shares.isZero() && isZeroText(order.shares) ? dec('0') : parseShares(order.shares);
    if (shares.gt(net.shares)) throw new HttpError(400, portfolioMessages.tooMany(symbol));
    if (shares.lt(net.shares)) {
      throw new HttpError(
        400,
        `Record the whole netted order of ${symbol} (${net.shares.toFixed()} shares): a part cannot be split between trackings`,
      );
    }
    for (const part of net.parts) {
      const list = byTracking.get(part.trackingId) ?? [];
      list.push({
        symbol,
        orderType: part.orderType,
        shares: part.shares.toFixed(),
        ...(order.price === undefined ? {} : { fillPrice: order.price }),
        ...(order.executedAt === undefined ? {} : { executedAt: order.executedAt }),
      });
      byTracking.set(part.trackingId, list);
    }
  }
  return byTracking;
};

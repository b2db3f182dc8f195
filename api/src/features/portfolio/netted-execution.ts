import {
  type Decimal,
  dec,
  type Netted,
  type NettedPart,
  normaliseNumberText,
  parseShares,
} from '@etf-replicator/core';
import { type PortfolioOrdersRequest, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { HttpError } from '../../http/http-error';

/** One tracking's part of an executed netted order, with the fill the investor entered for the whole order. */
export type ExecutedPart = {
  readonly symbol: string;
  readonly orderType: 'BUY' | 'SELL';
  readonly shares: string;
  readonly fillPrice?: string | number;
  readonly executedAt?: string;
  /** A SELL under a gains budget: the lots its tracking's order named, so the sale realises what was shown. */
  readonly lots?: readonly { readonly lotId: string; readonly shares: string }[];
};

/**
 * The lots a budgeted SELL names, as ExecuteOrders takes them: one entry per lot (a lot that absorbed a wash-sale
 * loss comes as two parts with one id: their shares added). None when a lot is unknown (null id): the tracking's lot
 * method picks then, as it would for the detail's own fills dialog.
 */
export const lotsToClose = (lots: NettedPart['lots']): ExecutedPart['lots'] => {
  if (!lots || lots.length === 0) return undefined;
  const byId = new Map<string, Decimal>();
  for (const lot of lots) {
    if (lot.lotId === null) return undefined;
    byId.set(lot.lotId, (byId.get(lot.lotId) ?? dec('0')).add(lot.shares));
  }
  return [...byId].map(([lotId, shares]) => ({ lotId, shares: shares.toFixed() }));
};

const isZeroText = (input: string | number): boolean => /^0*(\.0*)?$/.test(normaliseNumberText(input));

/**
 * Checks the executed netted orders against the portfolio's netted list and splits each back into its trackings'
 * parts (issue 29 item 2). The rule for partial fills: only whole netted orders are recorded — the shares must equal
 * the netted shares — so each part is exactly the order its tracking suggested (a proportional split of a partial
 * fill would leave fractions a whole-share tracking cannot hold). An order whose parts cancel out has 0 shares at
 * the broker and is recorded by sending shares 0: each tracking still records its own part. A SELL part under a gains
 * budget names the lots its tracking's order named, so the sale realises what the portfolio showed. 400 naming the
 * symbol otherwise; nothing is recorded.
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
      const lots = part.orderType === 'SELL' ? lotsToClose(part.lots) : undefined;
      list.push({
        symbol,
        orderType: part.orderType,
        shares: part.shares.toFixed(),
        ...(lots ? { lots } : {}),
        ...(order.price === undefined ? {} : { fillPrice: order.price }),
        ...(order.executedAt === undefined ? {} : { executedAt: order.executedAt }),
      });
      byTracking.set(part.trackingId, list);
    }
  }
  return byTracking;
};

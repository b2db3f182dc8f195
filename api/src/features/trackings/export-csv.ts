import { dec, type Lot, toMoneyString } from '@etf-replicator/core';
import { type CsvCell, toCsv } from '@etf-replicator/core/broker-import/csv-write';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';

type Layout = 'generic' | 'ibkr';

const number = (value: string): CsvCell => ({ number: value });

/**
 * The tracking's adjustment orders as CSV. `generic`: symbol, side, quantity, order type, estimated price and amount
 * (the latest snapshot price; market orders). `ibkr`: Interactive Brokers' BasketTrader file as its guide documents
 * it for market orders ("Manually Create a Basket File": `Action,Quantity,Symbol,SecType,Exchange,Currency,
 * TimeInForce,OrderType`, e.g. `BUY,100,IBM,STK,SMART,USD,DAY,MKT`), to import in TWS.
 */
export const ordersCsv = (
  detail: Pick<TrackingDetail, 'adjustmentOrders' | 'prices'>,
  layout: Layout,
): string => {
  if (layout === 'ibkr') {
    return toCsv([
      ['Action', 'Quantity', 'Symbol', 'SecType', 'Exchange', 'Currency', 'TimeInForce', 'OrderType'],
      ...detail.adjustmentOrders.map((order) => [
        order.orderType,
        number(order.shares),
        { text: order.symbol },
        'STK',
        'SMART',
        'USD',
        'DAY',
        'MKT',
      ]),
    ]);
  }
  return toCsv([
    ['symbol', 'side', 'quantity', 'orderType', 'estimatedPrice', 'estimatedAmount'],
    ...detail.adjustmentOrders.map((order) => {
      const price = detail.prices[order.symbol];
      return [
        { text: order.symbol },
        order.orderType,
        number(order.shares),
        'MARKET',
        price === undefined ? '' : number(price),
        price === undefined ? '' : number(toMoneyString(dec(order.shares).mul(price))),
      ];
    }),
  ]);
};

/**
 * The open positions, one row per tax lot, in the plain import form (`symbol,shares,costBasis,acquired`, so the file
 * imports back as it is), with the latest price and market value after them.
 */
export const positionsCsv = (lots: readonly Lot[], prices: Readonly<Record<string, string>>): string =>
  toCsv([
    ['symbol', 'shares', 'costBasis', 'acquired', 'price', 'marketValue'],
    ...lots.map((lot) => {
      const price = prices[lot.symbol];
      return [
        { text: lot.symbol },
        number(lot.shares.toFixed()),
        // To the cent: a cost basis split over shares (1000 / 3 a share) multiplies back to 999.9999999999.
        number(lot.shares.mul(lot.costPerShare).toDecimalPlaces(2).toFixed(2)),
        lot.acquiredAt.slice(0, 10),
        price === undefined ? '' : number(price),
        price === undefined ? '' : number(lot.shares.mul(price).toDecimalPlaces(2).toFixed(2)),
      ];
    }),
  ]);

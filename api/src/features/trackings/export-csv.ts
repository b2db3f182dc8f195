import { dec, toMoneyString } from '@etf-replicator/core';
import { type CsvCell, toCsv } from '@etf-replicator/core/broker-import/csv-write';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { LedgerLot } from '@etf-replicator/core/tax/ledger-types';

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
 * The open positions, one row per tax lot part of the investor's ledger, in the plain import form
 * (`symbol,shares,costBasis,acquired`, so the file imports back as it is), with the latest price and market value
 * after them. Basis and date are the tax ones (issue 26): the adjusted basis (a carried wash-sale loss included) and
 * the holding-period start; empty when unknown (an import without them), never invented.
 */
export const positionsCsv = (lots: readonly LedgerLot[], prices: Readonly<Record<string, string>>): string =>
  toCsv([
    ['symbol', 'shares', 'costBasis', 'acquired', 'price', 'marketValue'],
    ...lots.map((lot) => {
      const price = prices[lot.symbol];
      return [
        { text: lot.symbol },
        number(lot.shares.toFixed()),
        // To the cent: a cost basis split over shares (1000 / 3 a share) multiplies back to 999.9999999999.
        lot.basis === null ? '' : number(lot.basis.toDecimalPlaces(2).toFixed(2)),
        lot.holdingStart ?? '',
        price === undefined ? '' : number(price),
        price === undefined ? '' : number(lot.shares.mul(price).toDecimalPlaces(2).toFixed(2)),
      ];
    }),
  ]);

import { dec } from '../shared/decimal';
import type { PortfolioTrackingInput } from './types';

type Lines = Record<string, number | string>;

/** A tracking for the portfolio's tests: shares by symbol, valued at `prices`. */
export const trackingInput = (
  trackingId: string,
  {
    positions = {},
    target = {},
    orders = [],
    prices = {},
    cash = '0',
    targetAmount = '0',
  }: {
    positions?: Lines;
    target?: Lines;
    orders?: readonly { symbol: string; orderType: 'BUY' | 'SELL'; shares: number | string }[];
    prices?: Lines;
    cash?: string;
    targetAmount?: string;
  },
): PortfolioTrackingInput => {
  const priceMap = new Map(Object.entries(prices).map(([symbol, price]) => [symbol, dec(String(price))]));
  const lines = (shares: Lines) =>
    Object.entries(shares).map(([symbol, count]) => ({
      symbol,
      shares: dec(String(count)),
      value: dec(String(count)).mul(priceMap.get(symbol) ?? '0'),
    }));
  const positionLines = lines(positions);
  return {
    trackingId,
    symbol: trackingId.toUpperCase(),
    label: trackingId.toUpperCase(),
    revision: 1,
    targetAmount: dec(targetAmount),
    cash: dec(cash),
    marketValue: positionLines.reduce((sum, line) => sum.add(line.value), dec(cash)),
    replicationRate: dec('0'),
    etfReplicationRate: dec('0'),
    positions: positionLines,
    target: lines(target),
    orders: orders.map((order) => ({ ...order, shares: dec(String(order.shares)) })),
    prices: priceMap,
  };
};

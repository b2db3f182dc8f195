import type { PortfolioGains, PortfolioResponse } from '../contracts/portfolio';
import type { PricesAsOf } from '../contracts/trackings';
import { sumDecimals, toDecimalString } from '../shared/decimal';
import { combineHoldings, percentText } from './holdings';
import { netOrders, nettedOrderView, nettingSaving } from './netting';
import { trackingOverlaps } from './overlap';
import type { PortfolioTrackingInput, StockInfo } from './types';

/** The oldest and newest close among the trackings' price dates (null when none has any). */
export const combinedPricesAsOf = (all: readonly (PricesAsOf | null | undefined)[]): PricesAsOf | null => {
  const known = all.filter((range): range is PricesAsOf => !!range);
  if (known.length === 0) return null;
  const from = known.map((range) => range.from).sort()[0] as string;
  const to = known
    .map((range) => range.to)
    .sort()
    .at(-1) as string;
  return { from, to };
};

/**
 * The investor's portfolio (issue 29): every live tracking combined, in the order given (oldest first). Pure: the
 * API reads the trackings' stored views and the tax ledger, this puts them together.
 */
export const buildPortfolio = (
  trackings: readonly PortfolioTrackingInput[],
  context: {
    readonly revision: string;
    readonly info: ReadonlyMap<string, StockInfo>;
    readonly gains: PortfolioGains;
    readonly pricesAsOf: PricesAsOf | null;
    readonly canExecuteNetted: boolean;
  },
): PortfolioResponse => {
  const combined = combineHoldings(trackings, context.info);
  const netted = netOrders(trackings);
  const saving = nettingSaving(netted);
  const cash = sumDecimals(trackings.map((tracking) => tracking.cash));
  return {
    revision: context.revision,
    summary: {
      trackings: trackings.length,
      targetAmount: toDecimalString(sumDecimals(trackings.map((tracking) => tracking.targetAmount))),
      investedValue: toDecimalString(combined.investedValue),
      cash: toDecimalString(cash),
      marketValue: toDecimalString(combined.investedValue.add(cash)),
      replicationRate: percentText(combined.replicationRate),
      pricesAsOf: context.pricesAsOf,
    },
    trackings: trackings.map((tracking) => ({
      trackingId: tracking.trackingId,
      symbol: tracking.symbol,
      label: tracking.label,
      targetAmount: toDecimalString(tracking.targetAmount),
      marketValue: toDecimalString(tracking.marketValue),
      cash: toDecimalString(tracking.cash),
      replicationRate: toDecimalString(tracking.replicationRate),
      etfReplicationRate: toDecimalString(tracking.etfReplicationRate),
      revision: tracking.revision,
      ...(tracking.taxBudget ? { taxBudget: tracking.taxBudget } : {}),
    })),
    holdings: combined.holdings,
    sectors: combined.sectors,
    overlap: trackingOverlaps(trackings),
    orders: netted.map(nettedOrderView),
    saving: {
      ordersBefore: saving.ordersBefore,
      ordersAfter: saving.ordersAfter,
      tradedBefore: toDecimalString(saving.tradedBefore),
      tradedAfter: toDecimalString(saving.tradedAfter),
    },
    gains: context.gains,
    canExecuteNetted: context.canExecuteNetted,
  };
};

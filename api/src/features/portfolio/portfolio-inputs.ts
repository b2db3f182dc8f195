import { type Decimal, dec, indexLabel, type PortfolioTrackingInput } from '@etf-replicator/core';
import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import type { PortfolioTrackingView } from '@etf-replicator/projections/trackings/portfolio-queries';

const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "VOO", or "VOO (Nov 26, 2026)" when the investor has two live trackings of one ETF (the portfolio contract); a
 * blend or a list by its index's name ("70 % VTI + 30 % QQQ", issue 30).
 */
export const portfolioLabels = (views: readonly PortfolioTrackingView[]): Map<string, string> => {
  const nameOf = (view: PortfolioTrackingView) =>
    view.detail.index ? indexLabel(view.detail.index) : view.symbol;
  const perName = new Map<string, number>();
  for (const view of views) perName.set(nameOf(view), (perName.get(nameOf(view)) ?? 0) + 1);
  return new Map(
    views.map((view) => [
      view.trackingId,
      (perName.get(nameOf(view)) ?? 0) > 1
        ? `${nameOf(view)} (${day.format(Date.parse(view.createdAt))})`
        : nameOf(view),
    ]),
  );
};

const orDefault = (value: string | undefined, fallback: Decimal): Decimal =>
  value === undefined ? fallback : dec(value);

/**
 * One tracking as the portfolio core reads it: its view as the detail serves it (positions valued at the latest
 * prices, cash, and under a gains budget the budget's target, with the budget: see withTaxBudget) and its SERVED
 * orders — the budget's, each SELL with its lots, and the BUYs a wash-sale window holds back already out, so netting
 * never puts them back in.
 */
export const portfolioInput = (
  view: PortfolioTrackingView,
  label: string,
  servedOrders: readonly AdjustmentOrderLine[],
): PortfolioTrackingInput => {
  const { detail } = view;
  const lines = (
    investments: readonly { symbol: string; numberOfShares: string; amountInvested: string }[],
  ) =>
    investments.map((line) => ({
      symbol: line.symbol,
      shares: dec(line.numberOfShares),
      value: dec(line.amountInvested),
    }));
  const positions = lines(detail.currentReplication.investments);
  const cash = dec(detail.currentReplication.leftoverAmount);
  return {
    trackingId: view.trackingId,
    symbol: view.symbol,
    label,
    revision: view.revision,
    targetAmount: dec(detail.currentReplication.targetInvestmentAmount),
    cash,
    marketValue: orDefault(
      detail.marketValue,
      positions.reduce((sum, line) => sum.add(line.value), cash),
    ),
    replicationRate: dec(detail.replicationRate),
    etfReplicationRate: dec(detail.etfReplicationRate),
    positions,
    target: detail.degraded ? [] : lines(detail.targetReplication.investments),
    orders: servedOrders.map((order) => ({
      symbol: order.symbol,
      orderType: order.orderType,
      shares: dec(order.shares),
      ...(order.lots ? { lots: order.lots } : {}),
    })),
    ...(detail.taxBudget ? { taxBudget: detail.taxBudget } : {}),
    prices: new Map(Object.entries(detail.prices ?? {}).map(([symbol, price]) => [symbol, dec(price)])),
  };
};

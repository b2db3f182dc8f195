import type {
  AdjustmentOrderLine,
  InvestmentLine,
  TrackingDetail,
} from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';

export type Position = { shares: string; amount: string };
export type AllocationRow = {
  symbol: string;
  current: Position | undefined;
  target: Position | undefined;
  order: AdjustmentOrderLine | undefined;
};

const bySymbol = (lines: readonly InvestmentLine[]): Map<string, Position> =>
  new Map(lines.map((line) => [line.symbol, { shares: line.numberOfShares, amount: line.amountInvested }]));

/**
 * Every symbol held or targeted, with its current and target position and the order between them. Largest target
 * first; symbols held but no longer targeted (liquidations) after them, largest holding first.
 */
export const currentVsTargetRows = (
  detail: Pick<TrackingDetail, 'currentReplication' | 'targetReplication' | 'adjustmentOrders'>,
): AllocationRow[] => {
  const current = bySymbol(detail.currentReplication.investments);
  const target = bySymbol(detail.targetReplication.investments);
  const orders = new Map(detail.adjustmentOrders.map((order) => [order.symbol, order]));
  const symbols = new Set([...target.keys(), ...current.keys()]);
  const amountOf = (position: Position | undefined) => dec(position?.amount ?? '0');
  return [...symbols]
    .map((symbol) => ({
      symbol,
      current: current.get(symbol),
      target: target.get(symbol),
      order: orders.get(symbol),
    }))
    .sort(
      (a, b) =>
        amountOf(b.target).cmp(amountOf(a.target)) ||
        amountOf(b.current).cmp(amountOf(a.current)) ||
        a.symbol.localeCompare(b.symbol),
    );
};

/** Shares held now of one symbol ('0' when none): the most a SELL may take. */
export const heldShares = (detail: Pick<TrackingDetail, 'currentReplication'>, symbol: string): string =>
  detail.currentReplication.investments.find((line) => line.symbol === symbol)?.numberOfShares ?? '0';

import type { OrderLot, TaxBudgetView } from '../contracts/taxes';
import type { Decimal } from '../shared/decimal';

/**
 * What the portfolio (issue 29) needs of one tracking: its positions and target valued at its latest prices, and the
 * orders it suggests as served (wash-sale held-back BUYs already left out). Pure data, decimals throughout.
 */
export type PortfolioLine = {
  readonly symbol: string;
  readonly shares: Decimal;
  /** shares × price (0 when no price is known). */
  readonly value: Decimal;
};

export type PortfolioOrderLine = {
  readonly symbol: string;
  readonly orderType: 'BUY' | 'SELL';
  /** Positive. */
  readonly shares: Decimal;
  /** SELL under a gains budget (issue 31): the lots it closes, as the tracking's own order names them. */
  readonly lots?: readonly OrderLot[];
};

export type PortfolioTrackingInput = {
  readonly trackingId: string;
  readonly symbol: string;
  readonly label: string;
  readonly revision: number;
  readonly targetAmount: Decimal;
  readonly cash: Decimal;
  readonly marketValue: Decimal;
  readonly replicationRate: Decimal;
  readonly etfReplicationRate: Decimal;
  readonly positions: readonly PortfolioLine[];
  readonly target: readonly PortfolioLine[];
  readonly orders: readonly PortfolioOrderLine[];
  /** The tracking's gains budget as its detail serves it (its orders respect it when `applies`). */
  readonly taxBudget?: TaxBudgetView;
  /** Latest snapshot price per symbol of positions, target and orders. */
  readonly prices: ReadonlyMap<string, Decimal>;
};

/** Name and sector of a stock, from the ETF snapshots (null when unknown). */
export type StockInfo = { readonly name: string | null; readonly sector: string | null };

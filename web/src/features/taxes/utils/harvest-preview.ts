import type { HarvestCandidate, Replacement } from '@etf-replicator/core/contracts/taxes';
import { D, toDecimalString, truncate } from '@etf-replicator/core/shared/decimal';

export type PreviewOrder = {
  orderType: 'SELL' | 'BUY';
  symbol: string;
  shares: string;
  price: string;
  amount: string;
};

/**
 * The two orders a harvest will record, as the confirm dialog shows them before anything is sent: SELL the loss
 * lots at the snapshot price, BUY the replacement for those proceeds (whole shares, or 0.01 steps when the
 * tracking buys fractional shares). The server decides the actual orders; this is the same arithmetic.
 */
export const harvestPreview = (
  candidate: Pick<HarvestCandidate, 'symbol' | 'shares' | 'price' | 'proceeds'>,
  replacement: Pick<Replacement, 'symbol' | 'price'>,
  fractional: boolean,
): { orders: [PreviewOrder, PreviewOrder]; leftover: string } => {
  const proceeds = new D(candidate.proceeds);
  const price = new D(replacement.price);
  const shares = price.isPositive() ? truncate(proceeds.div(price), fractional ? 2 : 0) : new D(0);
  const spent = shares.mul(price);
  return {
    orders: [
      {
        orderType: 'SELL',
        symbol: candidate.symbol,
        shares: candidate.shares,
        price: candidate.price,
        amount: candidate.proceeds,
      },
      {
        orderType: 'BUY',
        symbol: replacement.symbol,
        shares: toDecimalString(shares),
        price: replacement.price,
        amount: toDecimalString(spent),
      },
    ],
    leftover: toDecimalString(proceeds.minus(spent)),
  };
};

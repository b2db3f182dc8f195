import { dec } from '../shared/decimal';
import type { AcquisitionFact, CorporateActionFact, SaleFact, TradeFact } from '../tax/ledger-types';

/** Test-only builders of ledger trade facts; `facts` numbers them (seq) in the order given. */

export type Unnumbered<F> = F extends TradeFact ? Omit<F, 'seq'> : never;

export const buy = (
  lotId: string,
  symbol: string,
  shares: string,
  costPerShare: string | null,
  acquiredOn: string | null,
  trackingId = 't1',
): Unnumbered<AcquisitionFact> => ({
  kind: 'ACQUIRE',
  lotId,
  trackingId,
  symbol,
  shares: dec(shares),
  costPerShare: costPerShare === null ? null : dec(costPerShare),
  acquiredOn,
});

export const sell = (
  saleId: string,
  symbol: string,
  pricePerShare: string,
  soldOn: string,
  closes: readonly (readonly [string, string])[],
  trackingId = 't1',
  harvestId: string | null = null,
): Unnumbered<SaleFact> => ({
  kind: 'SELL',
  saleId,
  trackingId,
  symbol,
  soldOn,
  pricePerShare: dec(pricePerShare),
  closes: closes.map(([lotId, shares]) => ({ lotId, shares: dec(shares) })),
  harvestId,
});

export const corporateAction = (
  actionId: string,
  action: CorporateActionFact['action'],
  symbol: string,
  effectiveOn: string,
  { ratio = '1', toSymbol = null, basisFraction = '0', trackingId = 't1' } = {} as {
    ratio?: string;
    toSymbol?: string | null;
    basisFraction?: string;
    trackingId?: string;
  },
): Unnumbered<CorporateActionFact> => ({
  kind: 'CORPORATE_ACTION',
  actionId,
  trackingId,
  action,
  symbol,
  toSymbol,
  ratio: dec(ratio),
  basisFraction: dec(basisFraction),
  effectiveOn,
});

export const facts = (...list: readonly Unnumbered<TradeFact>[]): TradeFact[] =>
  list.map((fact, seq) => ({ ...fact, seq }) as TradeFact);

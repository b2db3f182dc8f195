import { type Decimal, dec } from '../shared/decimal';
import type {
  AcquisitionFact,
  ClosedRow,
  CorporateActionFact,
  LedgerLot,
  SaleFact,
  TradeFact,
} from '../tax/ledger-types';

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
  {
    lotIds,
    ratio = '1',
    toSymbol = null,
    basisFraction = '0',
    trackingId = 't1',
  }: {
    /** The lots the tracking's application named (its lotsBefore). */
    lotIds: readonly string[];
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
  lotIds,
});

export const facts = (...list: readonly Unnumbered<TradeFact>[]): TradeFact[] =>
  list.map((fact, seq) => ({ ...fact, seq }) as TradeFact);

/** A row's figures as text, for readable expectations. */
export const rowText = (r: ClosedRow | undefined) =>
  r && {
    lotId: r.lotId,
    shares: r.shares.toFixed(),
    acquiredOn: r.acquiredOn,
    proceeds: r.proceeds.toFixed(),
    basis: r.basis?.toFixed() ?? null,
    code: r.code,
    adjustment: r.adjustment.toFixed(),
    gain: r.gain?.toFixed() ?? null,
    term: r.term,
  };

/** A lot part's figures as text. */
export const lotText = (l: LedgerLot | undefined) =>
  l && {
    lotId: l.lotId,
    shares: l.shares.toFixed(),
    basis: l.basis?.toFixed() ?? null,
    holdingStart: l.holdingStart,
    adjusted: l.adjustments.map((a) => `${a.saleId}:${a.shares.toFixed()}:${a.amount.toFixed()}`),
  };

export const text = (value: Decimal) => value.toFixed();

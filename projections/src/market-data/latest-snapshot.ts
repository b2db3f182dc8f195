import type { CommonQueryMethods } from 'slonik';
import { type EtfHolding, getEtfFund, getEtfHoldings } from './fund-queries';

/** What the replication engine needs of an ETF: its latest snapshot's holdings with weights and prices. */
export type LatestSnapshot = {
  readonly symbol: string;
  /** The EtfSnapshotPublished event these rows come from (read it from the log for the full payload). */
  readonly eventId: string;
  readonly streamRevision: number;
  readonly contentHash: string;
  /** False for an ETF whose source has no holdings list (LEAD): `holdings` is then empty, not "no holdings". */
  readonly holdingsAvailable: boolean;
  /** The date the holdings describe (as-of, retrieval or derivation date, see asOfKind); null when unknown. */
  readonly asOf: string | null;
  readonly asOfKind: 'as-of' | 'retrieved' | 'derived' | null;
  readonly pricesFrom: string | null;
  readonly pricesTo: string | null;
  /** Largest weight first, ties by symbol. Decimal strings; `price` null (and isAvailable false) when unknown. */
  readonly holdings: readonly Pick<
    EtfHolding,
    'symbol' | 'name' | 'weightPercentage' | 'price' | 'priceAsOf' | 'isAvailable' | 'sector'
  >[];
};

export const getLatestSnapshot = async (
  db: CommonQueryMethods,
  symbol: string,
): Promise<LatestSnapshot | null> => {
  const fund = await getEtfFund(db, symbol.toUpperCase());
  if (!fund) return null;
  const holdings = await getEtfHoldings(db, fund.symbol);
  return {
    symbol: fund.symbol,
    eventId: fund.eventId,
    streamRevision: fund.streamRevision,
    contentHash: fund.contentHash,
    holdingsAvailable: fund.holdingsAvailable,
    asOf: fund.holdingsAsOf,
    asOfKind: fund.holdingsDateKind,
    pricesFrom: fund.pricesFrom,
    pricesTo: fund.pricesTo,
    holdings: holdings.map(
      ({ symbol: s, name, weightPercentage, price, priceAsOf, isAvailable, sector }) => ({
        symbol: s,
        sector,
        name,
        weightPercentage,
        price,
        priceAsOf,
        isAvailable,
      }),
    ),
  };
};

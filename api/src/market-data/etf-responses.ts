import {
  type EtfHoldingResponse,
  type EtfInfoResponse,
  marketDataMessages,
} from '@etf-replicator/core/contracts/market-data';
import { type EtfFund, type EtfHolding, getEtfFund } from '@etf-replicator/projections/market-data/index';
import type { CommonQueryMethods } from 'slonik';
import { notFound } from '../http/http-error';

/** Read-model rows → the spec's ETF info and ETF holding shapes; shared by /api/etf and the /api/details demo. */

/** The fund, or 404 "Unknown ETF symbol: X". */
export const requireFund = async (db: CommonQueryMethods, symbol: string): Promise<EtfFund> => {
  const fund = await getEtfFund(db, symbol);
  if (!fund) throw notFound(marketDataMessages.unknownEtf(symbol));
  return fund;
};

/** The fund when its holdings can be listed, else 404 (unknown symbol, or holdings unavailable as for LEAD). */
export const requireFundWithHoldings = async (db: CommonQueryMethods, symbol: string): Promise<EtfFund> => {
  const fund = await requireFund(db, symbol);
  if (!fund.holdingsAvailable) throw notFound(marketDataMessages.holdingsUnavailable(fund.symbol));
  return fund;
};

export const toEtfInfo = (fund: EtfFund): Omit<EtfInfoResponse, 'sectorsList'> => ({
  symbol: fund.symbol,
  name: fund.name,
  etfCompany: fund.etfCompany,
  description: fund.description,
  website: fund.website,
  assetClass: fund.assetClass,
  domicile: fund.domicile,
  // The spec's ETF info shows the expense ratio as a number (percent); "0.03" → 0.03 loses nothing.
  expenseRatio: fund.expenseRatio === null ? null : Number(fund.expenseRatio),
  inceptionDate: fund.inceptionDate,
  isin: fund.isin,
  holdingsCount: fund.holdingsAvailable ? fund.holdingsCount : null,
  holdingsAvailable: fund.holdingsAvailable,
  holdingsNote: fund.holdingsNote,
  asOf: {
    facts: fund.factsAsOf,
    holdings: fund.holdingsAsOf,
    holdingsDateKind: fund.holdingsDateKind,
    pricesFrom: fund.pricesFrom,
    pricesTo: fund.pricesTo,
  },
});

export const toHoldingResponse = (holding: EtfHolding): EtfHoldingResponse => ({
  asset: holding.symbol,
  name: holding.name,
  isin: holding.isin,
  cusip: holding.cusip,
  sharesNumber: holding.sharesNumber,
  weightPercentage: holding.weightPercentage,
  price: holding.price,
  marketValue: holding.marketValue,
  updated: holding.updated,
  isAvailable: holding.isAvailable,
  sector: holding.sector,
});

import { dec, numberOfWeightingsCap, type PlanClaim, planSchema } from '@etf-replicator/core';
import {
  getLatestSnapshot,
  type LatestSnapshot,
} from '@etf-replicator/projections/market-data/latest-snapshot';
import type { CommonQueryMethods } from 'slonik';
import { HttpError } from '../http/http-error';

export const planOf = (plan: string | undefined): PlanClaim => {
  const parsed = planSchema.safeParse(plan);
  return parsed.success ? parsed.data : null;
};

/** The ETF's latest snapshot, or a 404/422 the user can act on. */
export const requireReplicableSnapshot = async (
  db: CommonQueryMethods,
  symbol: string,
): Promise<LatestSnapshot> => {
  const snapshot = await getLatestSnapshot(db, symbol);
  if (!snapshot) throw new HttpError(404, `ETF ${symbol.toUpperCase()} was not found`);
  if (!snapshot.holdingsAvailable || snapshot.holdings.length === 0) {
    throw new HttpError(
      422,
      `The holdings of ${snapshot.symbol} are not available, so it cannot be replicated yet`,
    );
  }
  return snapshot;
};

export const weightingsCapFor = (plan: PlanClaim, snapshot: LatestSnapshot): number =>
  weightingsCapOf(plan, snapshot.holdings);

/** The plan's cap on N for holdings with these weights (an ETF's, or an index's: issue 30). */
export const weightingsCapOf = (
  plan: PlanClaim,
  holdings: readonly { readonly weightPercentage: string | { toString(): string } }[],
): number =>
  numberOfWeightingsCap(
    plan,
    holdings.map((holding) => dec(String(holding.weightPercentage))).sort((a, b) => b.comparedTo(a)),
  );

export const engineHoldings = (snapshot: LatestSnapshot) =>
  snapshot.holdings.map((holding) => ({
    symbol: holding.symbol,
    weightPercentage: holding.weightPercentage,
    price: holding.price,
    priceAsOf: holding.priceAsOf,
    sector: holding.sector,
  }));

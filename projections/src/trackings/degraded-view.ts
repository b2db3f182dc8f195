import {
  type ActiveTracking,
  dec,
  hasExclusions,
  isDomainError,
  toDecimalString,
  toMoneyString,
} from '@etf-replicator/core';
import { safeExclusionsView } from './exclusions-view';
import { FRACTIONAL_INCREMENT, type TrackingSnapshot, type TrackingView } from './tracking-view-types';

const DEGRADED_REASONS: Readonly<Record<string, string>> = {
  AMOUNT_TOO_LARGE:
    'The amount of this tracking is larger than the replication engine can compute a target for. Lower the target amount (or revert the change that raised it) to see the target and the adjustment orders again.',
  NO_TRADABLE_HOLDINGS:
    'The latest market data for this ETF has no holdings with a price, so no target can be computed. The target and the adjustment orders come back with the next market data update.',
  EXCLUDED_EVERYTHING:
    'Your exclusions leave no holding of this ETF with a price to buy, so no target can be computed. Take a stock or a sector back in the Exclusions settings.',
  KEPT_HOLDINGS_ABOVE_AMOUNT:
    'The excluded shares you chose to keep are worth the whole target amount or more, so nothing is left to buy. Raise the target amount or sell some of them.',
};

/** Why no target could be derived, in words for the user; the code stays stable for support and logs. */
const degradedReason = (error: unknown, excluding: boolean): { code: string; reason: string } => {
  const raw = isDomainError(error) ? error.code : 'DERIVATION_FAILED';
  const code = raw === 'NO_TRADABLE_HOLDINGS' && excluding ? 'EXCLUDED_EVERYTHING' : raw;
  return {
    code,
    reason:
      DEGRADED_REASONS[code] ??
      'The target and the adjustment orders of this tracking cannot be computed right now. Your recorded orders and amounts are safe; support has been told.',
  };
};

/**
 * The detail of a tracking whose target cannot be derived: what the user holds (plain arithmetic, no engine), no
 * target and no orders, and the reason. Never throws, so that one tracking can never stop the read model.
 */
export const degradedView = (
  tracking: ActiveTracking,
  snapshot: TrackingSnapshot | undefined,
  error: unknown,
): TrackingView => {
  const prices = new Map<string, string>();
  try {
    for (const [symbol, price] of tracking.lastPrices) prices.set(symbol, price.toFixed());
    for (const holding of snapshot?.holdings ?? [])
      if (holding.price != null && dec(holding.price).gt(0))
        prices.set(holding.symbol, String(holding.price));
  } catch {
    // unreadable prices: positions are shown unvalued
  }
  const investments = [...tracking.positions]
    .filter(([, shares]) => shares.gt(0))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([symbol, shares]) => {
      const price = prices.get(symbol);
      return {
        symbol,
        numberOfShares: toDecimalString(shares),
        amountInvested: toMoneyString(price === undefined ? dec('0') : shares.mul(dec(price))),
      };
    });
  const amount = tracking.targetAmount.gt(0) ? tracking.targetAmount : dec('0');
  return {
    trackingId: tracking.trackingId,
    symbol: tracking.symbol,
    adjustmentOrders: [],
    currentReplication: {
      targetInvestmentAmount: toMoneyString(amount),
      investments,
      leftoverAmount: toMoneyString(tracking.cash),
    },
    targetReplication: { investments: [], leftoverAmount: toMoneyString(amount) },
    replicationRate: '0',
    globalFractionalSharesThreshold: tracking.settings.fractionalShares ? Number(FRACTIONAL_INCREMENT) : 0,
    numberOfWeightings: tracking.settings.numberOfWeightings,
    effectiveNumberOfWeightings: Math.max(1, tracking.settings.numberOfWeightings),
    numberOfWeightingsCap: Math.max(1, tracking.settings.numberOfWeightings),
    autoTrackingTargetAmountEnabled: tracking.settings.autoTracking,
    driftAlert: { ...tracking.driftAlert },
    exclusions: safeExclusionsView(tracking.exclusions, snapshot?.holdings ?? []),
    buyOnly: false,
    targetReplicationRate: '0',
    etfReplicationRate: '0',
    etfCoverage: '0',
    excluded: [],
    prices: Object.fromEntries(
      investments.flatMap(({ symbol }) =>
        prices.has(symbol) ? [[symbol, prices.get(symbol) as string]] : [],
      ),
    ),
    snapshotAsOf: snapshot?.asOf ?? null,
    degraded: degradedReason(error, hasExclusions(tracking.exclusions)),
  };
};

import {
  type ActiveTracking,
  adjustmentOrders,
  currentReplication,
  dec,
  type HoldingInput,
  isDomainError,
  measureReplication,
  numberOfWeightingsCap,
  type PlanClaim,
  type Replication,
  replicate,
  toDecimalString,
  toMoneyString,
} from '@etf-replicator/core';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { targetCache } from './target-cache';

/** The ETF snapshot a tracking is measured against: holdings with weights and prices (decimal strings). */
export type TrackingSnapshot = {
  readonly symbol: string;
  readonly eventId: string | null;
  readonly asOf: string | null;
  /** The fund's name (absent in snapshots stored before issue 15's migration 0080 and in replays of one stream). */
  readonly name?: string | null;
  /** `priceAsOf`: the date of the holding's close (absent in snapshots stored before issue 15). */
  readonly holdings: readonly (HoldingInput & { readonly priceAsOf?: string | null })[];
};

/** Oldest and newest close date among the snapshot's priced holdings (issue 15: not the holdings date). */
export const snapshotPricesAsOf = (snapshot: TrackingSnapshot | undefined) => {
  const dates = (snapshot?.holdings ?? [])
    .filter((holding) => holding.price != null && holding.priceAsOf)
    .map((holding) => holding.priceAsOf as string)
    .sort();
  const [from, to] = [dates[0], dates.at(-1)];
  return from && to ? { from, to } : null;
};

export type TrackingView = Omit<TrackingDetail, 'updatedAt'>;

const FRACTIONAL_INCREMENT = '0.01';

const emptyTarget = (amount: string): Replication => ({
  targetInvestmentAmount: amount,
  investments: [],
  leftoverAmount: amount,
  replicationRate: '0',
  etfReplicationRate: '0',
  etfCoverage: '0',
  excluded: [],
});

/**
 * What the tracking detail shows, derived from the folded tracking, the latest snapshot of its ETF and the owner's
 * plan (DESIGN §6.2): current positions valued at the latest prices, the engine's target for the tracking's amount
 * (the market value of the portfolio when auto-tracking is on), the orders between them and both rates.
 * A buy-only target keeps every held share; if the amount no longer covers them it falls back to a normal target.
 * Never throws: a tracking whose target cannot be derived gets a degraded view that says why (`degraded`).
 */
export const deriveTrackingView = (
  tracking: ActiveTracking,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
  options: { buyOnly?: boolean } = {},
): TrackingView => {
  try {
    return deriveFullView(tracking, snapshot, plan, options);
  } catch (error) {
    return degradedView(tracking, snapshot, error);
  }
};

const DEGRADED_REASONS: Readonly<Record<string, string>> = {
  AMOUNT_TOO_LARGE:
    'The amount of this tracking is larger than the replication engine can compute a target for. Lower the target amount (or revert the change that raised it) to see the target and the adjustment orders again.',
  NO_TRADABLE_HOLDINGS:
    'The latest market data for this ETF has no holdings with a price, so no target can be computed. The target and the adjustment orders come back with the next market data update.',
};

/** Why no target could be derived, in words for the user; the code stays stable for support and logs. */
const degradedReason = (error: unknown): { code: string; reason: string } => {
  const code = isDomainError(error) ? error.code : 'DERIVATION_FAILED';
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
const degradedView = (
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
    degraded: degradedReason(error),
  };
};

const deriveFullView = (
  tracking: ActiveTracking,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
  { buyOnly = false }: { buyOnly?: boolean } = {},
): TrackingView => {
  const holdings = snapshot?.holdings ?? [];
  const weights = [...holdings].map((h) => dec(h.weightPercentage)).sort((a, b) => b.comparedTo(a));
  const cap = numberOfWeightingsCap(plan, weights);
  const effectiveN = Math.max(1, Math.min(tracking.settings.numberOfWeightings, cap || 1));

  // Symbols the newest snapshot no longer prices are valued at the price their last order was recorded at.
  const prices = new Map<string, string>(
    [...tracking.lastPrices].map(([symbol, price]) => [symbol, price.toFixed()]),
  );
  for (const holding of holdings)
    if (holding.price != null && dec(holding.price).gt(0)) prices.set(holding.symbol, String(holding.price));

  const marketValue = [...tracking.positions].reduce(
    (sum, [symbol, shares]) => sum.add(shares.mul(dec(prices.get(symbol) ?? '0'))),
    tracking.cash,
  );
  const amount = tracking.settings.autoTracking ? marketValue : tracking.targetAmount;
  const amountString = toMoneyString(amount.gt(0) ? amount : dec('0'));
  const current = currentReplication(
    Object.fromEntries(tracking.positions),
    tracking.cash,
    prices,
    amountString,
  );

  const increment = tracking.settings.fractionalShares ? FRACTIONAL_INCREMENT : '0';
  const options = { numberOfWeightings: effectiveN, shareIncrement: increment };
  let target = emptyTarget(amountString);
  let buyOnlyApplied = false;
  if (holdings.length > 0 && amount.gt(0)) {
    if (buyOnly) {
      try {
        target = replicate(holdings, amountString, {
          ...options,
          buyOnly: { positions: Object.fromEntries(tracking.positions), prices: Object.fromEntries(prices) },
        });
        buyOnlyApplied = true;
      } catch {
        target = replicate(holdings, amountString, options);
      }
    } else {
      const compute = () => replicate(holdings, amountString, options);
      target = snapshot?.eventId
        ? targetCache.getOrCompute(`${snapshot.eventId}|${amountString}|${effectiveN}|${increment}`, compute)
        : compute();
    }
  }

  const measured =
    holdings.length > 0 && amount.gt(0)
      ? measureReplication(holdings, amountString, current.investments, { numberOfWeightings: effectiveN })
      : { replicationRate: '0', etfReplicationRate: '0', etfCoverage: target.etfCoverage };
  const shown = new Set([...current.investments, ...target.investments].map((line) => line.symbol));

  return {
    trackingId: tracking.trackingId,
    symbol: tracking.symbol,
    adjustmentOrders: adjustmentOrders(Object.fromEntries(tracking.positions), target.investments),
    currentReplication: {
      targetInvestmentAmount: current.targetInvestmentAmount,
      investments: [...current.investments],
      leftoverAmount: current.leftoverAmount,
    },
    targetReplication: { investments: [...target.investments], leftoverAmount: target.leftoverAmount },
    replicationRate: measured.replicationRate,
    globalFractionalSharesThreshold: tracking.settings.fractionalShares ? Number(FRACTIONAL_INCREMENT) : 0,
    numberOfWeightings: tracking.settings.numberOfWeightings,
    effectiveNumberOfWeightings: effectiveN,
    numberOfWeightingsCap: cap,
    autoTrackingTargetAmountEnabled: tracking.settings.autoTracking,
    driftAlert: { ...tracking.driftAlert },
    buyOnly: buyOnlyApplied,
    targetReplicationRate: target.replicationRate,
    etfReplicationRate: measured.etfReplicationRate,
    etfCoverage: target.etfCoverage,
    excluded: target.excluded.map((excluded) => ({ symbol: excluded.symbol, reason: excluded.reason })),
    prices: Object.fromEntries(
      [...shown]
        .sort()
        .flatMap((symbol) => (prices.has(symbol) ? [[symbol, prices.get(symbol) as string]] : [])),
    ),
    snapshotAsOf: snapshot?.asOf ?? null,
    pricesAsOf: snapshotPricesAsOf(snapshot),
  };
};

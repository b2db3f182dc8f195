import {
  type ActiveTracking,
  adjustmentOrders,
  currentReplication,
  dec,
  type HoldingInput,
  measureReplication,
  numberOfWeightingsCap,
  type PlanClaim,
  type Replication,
  replicate,
  toMoneyString,
} from '@etf-replicator/core';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';

/** The ETF snapshot a tracking is measured against: holdings with weights and prices (decimal strings). */
export type TrackingSnapshot = {
  readonly symbol: string;
  readonly eventId: string | null;
  readonly asOf: string | null;
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

/** Last recorded order price per symbol: values a position whose symbol the newest snapshot no longer prices. */
const recordedPrices = (tracking: ActiveTracking): Map<string, string> => {
  const prices = new Map<string, string>();
  for (const action of tracking.actions) {
    if (action.positionChange && !action.positionChange.shares.isZero() && !action.cashChange.isZero()) {
      prices.set(
        action.positionChange.symbol,
        action.cashChange.div(action.positionChange.shares).abs().toFixed(),
      );
    }
  }
  return prices;
};

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
 */
export const deriveTrackingView = (
  tracking: ActiveTracking,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
  { buyOnly = false }: { buyOnly?: boolean } = {},
): TrackingView => {
  const holdings = snapshot?.holdings ?? [];
  const weights = [...holdings].map((h) => dec(h.weightPercentage)).sort((a, b) => b.comparedTo(a));
  const cap = numberOfWeightingsCap(plan, weights);
  const effectiveN = Math.max(1, Math.min(tracking.settings.numberOfWeightings, cap || 1));

  const prices = recordedPrices(tracking);
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
      target = replicate(holdings, amountString, options);
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

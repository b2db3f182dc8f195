import {
  type ActiveTracking,
  adjustmentOrders,
  dec,
  exclusionLists,
  hasExclusions,
  numberOfWeightingsCap,
  type PlanClaim,
  type Replication,
  replicate,
  replicateWithinTaxBudget,
  substitutionStatus,
  type TaxAwareInput,
  toMoneyString,
  withoutBuysInWindow,
} from '@etf-replicator/core';
import { cashToReachTarget, engineBudget } from './cash-view';
import { degradedView } from './degraded-view';
import { exclusionsView, keptShares } from './exclusions-view';
import { measureAgainstAmount, measureBasis } from './measure-basis';
import { targetCache } from './target-cache';
import {
  type EngineSetup,
  engineTaxBudget,
  ordersWithLots,
  type TaxAwareFacts,
  taxAwareInput,
} from './tax-aware-view';
import {
  FRACTIONAL_INCREMENT,
  snapshotPricesAsOf,
  type TrackingSnapshot,
  type TrackingView,
} from './tracking-view-types';

export { snapshotPricesAsOf, type TrackingSnapshot, type TrackingView } from './tracking-view-types';

export type DeriveOptions = {
  readonly buyOnly?: boolean;
  /** The day substitutions are judged on (default today, UTC). */
  readonly today?: string;
  /** Stocks in a wash-sale window of the owner's other trackings: no BUY of them is suggested here. */
  readonly windowsElsewhere?: ReadonlySet<string>;
  /** The ledger's facts for a gains budget (issue 31): with them, a set budget picks the orders. */
  readonly taxAware?: TaxAwareFacts;
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

/** The tracking measured against the snapshot, and the engine options every target of it uses. */
const engineBasis = (
  tracking: ActiveTracking,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
  today: string,
) => {
  const lists = exclusionLists(tracking.exclusions);
  const basis = measureBasis(
    {
      positions: tracking.positions,
      cash: tracking.cash,
      targetAmount: tracking.targetAmount,
      autoTracking: tracking.settings.autoTracking,
      numberOfWeightings: tracking.settings.numberOfWeightings,
      exclusions: lists,
      substitutions: tracking.substitutions,
      lastPrices: new Map([...tracking.lastPrices].map(([symbol, price]) => [symbol, price.toFixed()])),
    },
    snapshot?.holdings ?? [],
    { today, capOf: (weights) => numberOfWeightingsCap(plan, weights) },
  );
  // The orders spend what the tracking has, never more (issue 32); what reaching the target needs is said apart.
  const budget = engineBudget(basis.amount, basis.marketValue);
  const increment = tracking.settings.fractionalShares ? FRACTIONAL_INCREMENT : '0';
  const plain = { numberOfWeightings: basis.effectiveN, shareIncrement: increment };
  const excluding = hasExclusions(tracking.exclusions);
  const kept = keptShares(tracking, basis.holdings, basis.prices);
  const options = excluding ? { ...plain, exclusions: { ...lists, kept } } : plain;
  return { lists, basis, budget, increment, plain, excluding, kept, options };
};

const engineSetup = (engine: ReturnType<typeof engineBasis>, today: string): EngineSetup => ({
  holdings: engine.basis.holdings,
  budget: engine.budget.gt(0) ? engine.budget : dec('0'),
  numberOfWeightings: engine.basis.effectiveN,
  shareIncrement: engine.increment,
  ...(engine.excluding ? { exclusions: { ...engine.lists, kept: engine.kept } } : {}),
  prices: engine.basis.prices,
  today,
});

/** What the tax-aware engine reads for this tracking (the trade-off curve, issue 31); null when nothing can be replicated. */
export const taxAwareInputOf = (
  tracking: ActiveTracking,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
  facts: TaxAwareFacts,
  today: string,
): TaxAwareInput | null => {
  const engine = engineBasis(tracking, snapshot, plan, today);
  if (engine.basis.holdings.length === 0 || !engine.budget.gt(0)) return null;
  return taxAwareInput(tracking, engineSetup(engine, today), facts);
};

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
  options: DeriveOptions = {},
): TrackingView => {
  // The blend or list it follows (issue 30), so that every screen can name it.
  const index = tracking.index && tracking.index.type !== 'etf' ? { index: tracking.index } : {};
  try {
    return { ...deriveFullView(tracking, snapshot, plan, options), ...index };
  } catch (error) {
    return { ...degradedView(tracking, snapshot, error), ...index };
  }
};

const deriveFullView = (
  tracking: ActiveTracking,
  snapshot: TrackingSnapshot | undefined,
  plan: PlanClaim,
  {
    buyOnly = false,
    today = new Date().toISOString().slice(0, 10),
    windowsElsewhere = new Set<string>(),
    taxAware: taxAwareFacts,
  }: DeriveOptions = {},
): TrackingView => {
  const standIns = tracking.substitutions
    .filter((sub) => substitutionStatus(sub, today) !== 'switchBack')
    .map((sub) => `${sub.symbol}>${sub.replacement}`)
    .join(';');
  const engine = engineBasis(tracking, snapshot, plan, today);
  const { lists, basis, budget, increment, plain, excluding, kept, options } = engine;
  const { holdings, cap, effectiveN, prices, marketValue, amount, amountString, current } = basis;
  const budgetString = toMoneyString(budget.gt(0) ? budget : dec('0'));
  const missing = cashToReachTarget(amount, marketValue);
  const plainKey = (forAmount: string) =>
    `${snapshot?.eventId}|${forAmount}|${effectiveN}|${increment}|${standIns}`;
  const cached = (key: string, compute: () => Replication) =>
    snapshot?.eventId ? targetCache.getOrCompute(key, compute) : compute();
  const canReplicate = (forAmount: string) => holdings.length > 0 && dec(forAmount).gt(0);
  /** The engine's target for an amount; `buyOnly` reports whether the buy-only target could be kept. */
  const targetFor = (forAmount: string): { target: Replication; buyOnly: boolean } => {
    if (!canReplicate(forAmount)) return { target: emptyTarget(forAmount), buyOnly: false };
    if (buyOnly) {
      try {
        const keepingHeld = replicate(holdings, forAmount, {
          ...options,
          buyOnly: { positions: Object.fromEntries(tracking.positions), prices: Object.fromEntries(prices) },
        });
        return { target: keepingHeld, buyOnly: true };
      } catch {
        return { target: replicate(holdings, forAmount, options), buyOnly: false };
      }
    }
    const key = excluding
      ? `${plainKey(forAmount)}|${JSON.stringify(tracking.exclusions)}|${JSON.stringify(kept)}`
      : plainKey(forAmount);
    return { target: cached(key, () => replicate(holdings, forAmount, options)), buyOnly: false };
  };
  const { target: engineTarget, buyOnly: buyOnlyApplied } = targetFor(budgetString);
  // A gains budget (issue 31) picks the orders when the API gives the ledger's facts (the stored view has none).
  const taxBudget = tracking.settings.taxBudget ?? null;
  const taxAware =
    taxBudget && taxAwareFacts && !buyOnlyApplied && canReplicate(budgetString)
      ? replicateWithinTaxBudget(
          taxAwareInput(tracking, engineSetup(engine, today), taxAwareFacts),
          engineTaxBudget(taxBudget),
        )
      : null;
  const target = taxAware?.target ?? engineTarget;
  // What the exclusions cost: the same tracking's target without them, against the whole ETF.
  const withoutExclusions =
    excluding && canReplicate(budgetString)
      ? cached(plainKey(budgetString), () => replicate(holdings, budgetString, plain))
      : target;
  // The target once the missing cash is added: the orders the "add cash" request records with it.
  const reachTarget = missing.gt(0) && canReplicate(amountString) ? targetFor(amountString).target : null;

  const measured = measureAgainstAmount(basis, lists) ?? {
    replicationRate: '0',
    etfReplicationRate: '0',
    etfCoverage: target.etfCoverage,
  };
  // Below the target, the target's own rate is against the budget: the rate after its orders is against the target.
  const targetRate =
    (budget.lt(amount)
      ? measureAgainstAmount(basis, lists, target.investments)?.replicationRate
      : undefined) ?? target.replicationRate;
  const withinWindows = (investments: Replication['investments']) =>
    withoutBuysInWindow(
      adjustmentOrders(Object.fromEntries(tracking.positions), investments),
      tracking.substitutions,
      today,
      windowsElsewhere,
    );
  const shown = new Set(
    [...current.investments, ...target.investments, ...(reachTarget?.investments ?? [])].map(
      (line) => line.symbol,
    ),
  );

  return {
    trackingId: tracking.trackingId,
    symbol: tracking.symbol,
    adjustmentOrders: withoutBuysInWindow(
      taxAware
        ? ordersWithLots(taxAware)
        : adjustmentOrders(Object.fromEntries(tracking.positions), target.investments),
      tracking.substitutions,
      today,
      windowsElsewhere,
    ),
    currentReplication: {
      targetInvestmentAmount: current.targetInvestmentAmount,
      investments: [...current.investments],
      leftoverAmount: current.leftoverAmount,
    },
    targetReplication: { investments: [...target.investments], leftoverAmount: target.leftoverAmount },
    replicationRate: measured.replicationRate,
    marketValue: toMoneyString(marketValue),
    cashToReachTarget: toMoneyString(missing),
    ordersToReachTarget: reachTarget ? withinWindows(reachTarget.investments) : [],
    globalFractionalSharesThreshold: tracking.settings.fractionalShares ? Number(FRACTIONAL_INCREMENT) : 0,
    numberOfWeightings: tracking.settings.numberOfWeightings,
    effectiveNumberOfWeightings: effectiveN,
    numberOfWeightingsCap: cap,
    autoTrackingTargetAmountEnabled: tracking.settings.autoTracking,
    driftAlert: { ...tracking.driftAlert },
    exclusions: exclusionsView(
      tracking.exclusions,
      holdings,
      target.etfReplicationRate,
      withoutExclusions.etfReplicationRate,
    ),
    buyOnly: buyOnlyApplied,
    targetReplicationRate: targetRate,
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
    ...(taxBudget
      ? {
          taxBudget: {
            ...taxBudget,
            ...(taxAware
              ? {
                  ordersRealisedNetGain: taxAware.realisedNetGain,
                  unconstrainedRealisedNetGain: taxAware.unconstrainedRealisedNetGain,
                }
              : {}),
          },
        }
      : {}),
  };
};

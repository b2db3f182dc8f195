import { needsPaidPlan } from '../../indexes/definition';
import type { PlanClaim } from '../../plans/plans';
import { type Decimal, toDecimalString, ZERO } from '../../shared/decimal';
import { AMOUNT_CAP, toMoneyString } from '../../shared/money';
import type { RevertAction } from '../commands';
import { trackingErrors } from '../errors';
import type { ActionReverted, Compensation } from '../events';
import type { Exclusions } from '../exclusions';
import { closeToJson } from '../lots';
import type { ActiveTracking, Tracking, TrackingAction } from '../state';
import { checkNoLaterCorporateAction, revertCorporateAction } from './corporate-action';
import { FREE_EXCLUDED_STOCKS } from './exclusions';
import { checkNumberOfWeightings, emit, occurredAt, requireActive } from './guards';

/**
 * Undoes one action with a compensating event: positions, cash, target and settings become what they would be had
 * the action never happened, at the action's own recorded price. "Never happened" is judged on the effective
 * history (all actions not reverted, in order): the revert is refused (409) when that history would become
 * impossible — a later sale would sell shares the reverted buy provided, a later lowering would take the target
 * below zero, the target would pass the amount cap (reverting a lowering adds the money back) — or when a reverted
 * setting was changed again later or restores a value the plan no longer allows. Reverting a revert is refused too.
 */
export const revertAction = ({ data, metadata }: RevertAction, state: Tracking): ActionReverted[] => {
  const tracking = requireActive(state, metadata);
  const index = tracking.actions.findIndex((entry) => entry.actionId === data.actionId);
  const target = tracking.actions.at(index);
  if (!target) throw trackingErrors.actionNotFound();
  if (target.type === 'REVERT') throw trackingErrors.revertOfRevert();
  if (target.reverted) throw trackingErrors.alreadyReverted();
  if (target.type === 'EXECUTE_ORDER' && target.harvestId) throw trackingErrors.orderInHarvest();
  const later = tracking.actions.slice(index + 1).filter(isEffective);
  if (target.type === 'CORPORATE_ACTION') return revertCorporateAction(target, later, metadata);
  if (target.type === 'HARVEST') {
    // Both orders, judged as if each were reverted at the harvest's place in the history.
    const orders = tracking.actions.filter(
      (entry) => entry.type === 'EXECUTE_ORDER' && entry.harvestId === target.actionId,
    );
    checkNoLaterCorporateAction(orders, later);
    for (const order of orders) checkDependants(tracking, order, index, later, undefined);
    return emit<ActionReverted>(metadata, 'ActionReverted', {
      actionId: target.actionId,
      actionType: target.type,
      compensation: harvestCompensation(target.actionId, orders),
      occurredAt: occurredAt(metadata),
    });
  }
  checkNoLaterCorporateAction([target], later);
  checkDependants(tracking, target, index, later, data.numberOfWeightingsCap);
  if (target.exclusionsBefore && data.planCheck)
    checkRestoredExclusions(target.exclusionsBefore, data.planCheck.plan);
  if (
    target.indexBefore &&
    data.planCheck &&
    needsPaidPlan(target.indexBefore) &&
    data.planCheck.plan == null
  )
    throw trackingErrors.indexNeedsPaidPlan();
  return emit<ActionReverted>(metadata, 'ActionReverted', {
    actionId: target.actionId,
    actionType: target.type,
    compensation: {
      ...compensationFor(target),
      ...(target.type === 'KEEP_REPLACEMENT' && target.harvestId ? { harvestId: target.harvestId } : {}),
    },
    occurredAt: occurredAt(metadata),
  });
};

/** A harvest's revert: both orders undone in one compensation (cash, positions, the BUY's lot, the SELL's closes). */
const harvestCompensation = (harvestId: string, orders: readonly TrackingAction[]): Compensation => {
  const parts = orders.map(compensationFor);
  return {
    cash: toMoneyString(orders.reduce((sum, order) => sum.sub(order.cashChange), ZERO)),
    targetAmount: '0.00',
    positions: parts.flatMap((part) => part.positions),
    settings: {},
    lots: {
      remove: parts.flatMap((part) => part.lots?.remove ?? []),
      reopen: parts.flatMap((part) => part.lots?.reopen ?? []),
    },
    harvestId,
  };
};

/** Exclusions a revert restores must be ones the plan lets a command set today (Free: one stock, no sector). */
const checkRestoredExclusions = (restored: Exclusions, plan: PlanClaim) => {
  const { symbols, sectors, industries } = restored;
  if (plan == null && (symbols.length > FREE_EXCLUDED_STOCKS || sectors.length > 0 || industries.length > 0))
    throw trackingErrors.revertExclusionsAbovePlan(symbols.length, sectors.length, industries.length);
};

const isEffective = (entry: TrackingAction) => entry.type !== 'REVERT' && !entry.reverted;

const checkDependants = (
  tracking: ActiveTracking,
  target: TrackingAction,
  index: number,
  later: readonly TrackingAction[],
  weightingsCap: number | undefined,
) => {
  const upTo = tracking.actions.slice(0, index + 1).filter(isEffective);
  const { positionChange, targetChange, setting } = target;
  if (target.lots?.opened && positionChange) {
    // A later sale that closed shares of this BUY's lot recorded them: history would change. Those sales go first.
    if (later.some((entry) => entry.lots?.closed.some((close) => close.lotId === target.actionId)))
      throw trackingErrors.laterSalesClosedLot(positionChange.symbol);
  }
  if (positionChange?.shares.isPositive()) {
    // Without the buy, the symbol's position at every later point of the effective history must stay ≥ 0.
    const { symbol, shares } = positionChange;
    const change = (entry: TrackingAction) =>
      entry.positionChange?.symbol === symbol ? entry.positionChange.shares : ZERO;
    let running = upTo.reduce((sum, entry) => sum.add(change(entry)), ZERO);
    for (const entry of later) {
      running = running.add(change(entry));
      if (running.lt(shares)) throw trackingErrors.laterSalesDepend(symbol);
    }
  }
  if (!targetChange.isZero()) {
    // Without the change, the target at that point and at every later point must stay within the rules the
    // original commands were checked against: never below zero (lowering), never above the cap (raising).
    let running = upTo
      .reduce((sum, entry) => sum.add(entry.targetChange), initialTarget(tracking))
      .sub(targetChange);
    for (const point of [null, ...later]) {
      if (point) running = running.add(point.targetChange);
      if (running.isNegative()) throw trackingErrors.laterLoweringDepends();
      if (running.gt(AMOUNT_CAP)) throw trackingErrors.revertAboveCap();
    }
  }
  if (target.exclusionsBefore && later.some((entry) => entry.exclusionsBefore !== null))
    throw trackingErrors.exclusionsChangedLater();
  if (target.indexBefore && later.some((entry) => entry.indexBefore !== undefined))
    throw trackingErrors.indexChangedLater();
  if (setting) {
    if (later.some((entry) => entry.setting?.name === setting.name))
      throw trackingErrors.settingChangedLater();
    if (setting.name === 'numberOfWeightings' && weightingsCap !== undefined) {
      checkNumberOfWeightings(setting.from as number, weightingsCap);
    }
  }
};

/** Target amount at creation: today's target minus every effective change since. */
const initialTarget = (tracking: ActiveTracking): Decimal =>
  tracking.actions
    .filter(isEffective)
    .reduce((target, entry) => target.sub(entry.targetChange), tracking.targetAmount);

const compensationFor = (action: TrackingAction): Compensation => ({
  cash: toMoneyString(action.cashChange.neg()),
  targetAmount: toMoneyString(action.targetChange.neg()),
  positions: action.positionChange
    ? [{ symbol: action.positionChange.symbol, shares: toDecimalString(action.positionChange.shares.neg()) }]
    : [],
  settings: action.setting ? { [action.setting.name]: action.setting.from } : {},
  ...(action.lots ? { lots: lotsCompensation(action) } : {}),
  ...(action.exclusionsBefore ? { exclusions: action.exclusionsBefore } : {}),
  ...(action.indexBefore ? { index: action.indexBefore } : {}),
});

/** A BUY's lot goes; a SELL's closes open again, exactly as it recorded them. */
const lotsCompensation = (action: TrackingAction): NonNullable<Compensation['lots']> => {
  if (action.lots?.opened) return { remove: [action.actionId] };
  return {
    reopen: (action.lots?.closed ?? []).map((close) => ({ ...closeToJson(close), symbol: close.symbol })),
  };
};

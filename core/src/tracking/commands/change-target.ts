import { AMOUNT_CAP, parseAmount, toMoneyString } from '../../shared/money';
import type { AddCash, LowerTarget, RaiseTarget } from '../commands';
import { trackingErrors } from '../errors';
import type { CashAdded, TargetLowered, TargetRaised } from '../events';
import type { Tracking } from '../state';
import { emit, occurredAt, requireActive } from './guards';

/** Adds money to the plan: the target amount and the cash both grow by it. */
export const raiseTarget = ({ data, metadata }: RaiseTarget, state: Tracking): TargetRaised[] => {
  const tracking = requireActive(state, metadata);
  const amount = parseAmount(data.amount);
  const targetAmount = tracking.targetAmount.add(amount);
  if (targetAmount.gt(AMOUNT_CAP)) throw trackingErrors.targetAboveCap();
  return emit<TargetRaised>(metadata, 'TargetRaised', {
    amount: toMoneyString(amount),
    targetAmount: toMoneyString(targetAmount),
    ...(data.buyOnly ? { buyOnly: true } : {}),
    occurredAt: occurredAt(metadata),
  });
};

/**
 * Takes money out: target amount and cash both shrink by it. The target cannot go below zero (spec message);
 * cash may, when the money was already invested — the adjustment orders then suggest the sales.
 */
export const lowerTarget = ({ data, metadata }: LowerTarget, state: Tracking): TargetLowered[] => {
  const tracking = requireActive(state, metadata);
  const amount = parseAmount(data.amount);
  if (amount.gt(tracking.targetAmount))
    throw trackingErrors.lowerMoreThanTarget(tracking.targetAmount.toFixed());
  return emit<TargetLowered>(metadata, 'TargetLowered', {
    amount: toMoneyString(amount),
    targetAmount: toMoneyString(tracking.targetAmount.sub(amount)),
    occurredAt: occurredAt(metadata),
  });
};

/**
 * Adds money to reach a fixed target (issue 32): only the cash grows. Raising the target instead would add the same
 * amount to the goal, so a tracking whose prices fell could never reach it. The cash stays within the amount cap.
 */
export const addCash = ({ data, metadata }: AddCash, state: Tracking): CashAdded[] => {
  const tracking = requireActive(state, metadata);
  const amount = parseAmount(data.amount);
  const cash = tracking.cash.add(amount);
  if (cash.gt(AMOUNT_CAP)) throw trackingErrors.cashAboveCap();
  return emit<CashAdded>(metadata, 'CashAdded', {
    amount: toMoneyString(amount),
    cash: toMoneyString(cash),
    occurredAt: occurredAt(metadata),
  });
};

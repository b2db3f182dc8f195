import { dec } from '../shared/decimal';
import { prepareTaxAware } from './tax-budget';
import type { TaxAwareInput, TaxAwareReplication, TaxBudget } from './tax-budget-types';

/**
 * The trade-off curve: the best answer at each budget, prepared once. A budget's answer also fits every larger
 * budget, so each point keeps the better of its own answer and the previous point's: the rate never falls as the
 * budget rises (budgets are taken in increasing order of maxNetGain, null last; results come in the given order).
 */
export const taxBudgetCurve = (
  input: TaxAwareInput,
  budgets: readonly TaxBudget[],
): TaxAwareReplication[] => {
  const plan = prepareTaxAware(input);
  const order = budgets
    .map((budget, index) => ({ budget, index }))
    .sort((a, b) => rank(a.budget) - rank(b.budget) || a.index - b.index);
  const results: TaxAwareReplication[] = new Array(budgets.length);
  let previous: { result: TaxAwareReplication; allowShortTermGains: boolean } | undefined;
  for (const { budget, index } of order) {
    let result = plan.solve(budget);
    const carried = previous && (budget.allowShortTermGains || !previous.allowShortTermGains);
    if (carried && rateOf(previous!.result) > rateOf(result)) result = previous!.result;
    results[index] = result;
    previous = { result, allowShortTermGains: budget.allowShortTermGains };
  }
  return results;
};

const rank = (budget: TaxBudget): number =>
  budget.maxNetGain === null ? Number.POSITIVE_INFINITY : dec(budget.maxNetGain).toNumber();

const rateOf = (result: TaxAwareReplication): number => Number(result.target.replicationRate);

import type { TaxBudgetView } from '../contracts/taxes';
import { dec } from '../shared/decimal';

/**
 * The sentence every order list of a budgeted tracking shows beside its orders (issue 31): the portfolio page and
 * the drift e-mail say the same as the detail. `money` is the caller's formatter ("$1,234.56"): the web's formatting
 * module on screen, core's formatMoney in an e-mail.
 */
export const taxBudgetNote = (budget: TaxBudgetView, money: (value: string) => string): string => {
  if (budget.applies === false)
    return `The gains budget is for ${budget.year}: today's orders do not use it.`;
  const limit = budget.maxNetGain === null ? 'no limit' : money(budget.maxNetGain);
  const within = `The orders keep ${budget.year}'s net realised gain within the gains budget (${limit})`;
  if (budget.ordersRealisedNetGain === undefined) return `${within}.`;
  const gain = dec(budget.ordersRealisedNetGain);
  const realise = gain.isNegative()
    ? `a net loss of ${money(gain.abs().toFixed())}`
    : `${money(gain.toFixed())} of net gains`;
  return `${within}: they realise ${realise}.`;
};

import { taxBudgetNote } from '@etf-replicator/core/tax/budget-note';
import { formatMoney } from '@/lib/format';
import type { PortfolioResponse } from '../api/get-portfolio';

/**
 * Issue 31: one line per tracking with a gains budget, saying whether its orders below respect it (the detail's and
 * the drift e-mail's sentence). Nothing when no tracking has a budget.
 */
export const BudgetNotes = ({ trackings }: { trackings: PortfolioResponse['trackings'] }) => {
  const budgeted = trackings.flatMap((tracking) =>
    tracking.taxBudget ? [{ tracking, budget: tracking.taxBudget }] : [],
  );
  if (budgeted.length === 0) return null;
  return (
    <ul aria-label="Gains budgets" className="space-y-1 text-sm">
      {budgeted.map(({ tracking, budget }) => (
        <li
          key={tracking.trackingId}
          className={budget.applies === false ? 'text-amber-800' : 'text-slate-700'}
        >
          <span className="font-semibold text-slate-900">{tracking.label}</span>
          {`: ${taxBudgetNote(budget, formatMoney)}`}
        </li>
      ))}
    </ul>
  );
};

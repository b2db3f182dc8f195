import { type ActiveTracking, type PlanClaim, type TaxBudget, taxBudgetCurve } from '@etf-replicator/core';
import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import {
  type TrackingSnapshot,
  taxAwareInputOf,
} from '@etf-replicator/projections/trackings/derive-tracking-view';
import { nyToday } from '../tax/wash-windows';

/** The budgets the import preview offers (issue 31 item 5): "$0 — only sell losses", "$5,000", "no limit". */
export const IMPORT_BUDGET_AMOUNTS: readonly (string | null)[] = ['0', '5000', null];

/**
 * What the new tracking's orders would realise without a budget, and the rate each offered budget reaches: the
 * imported lots as the tracking will hold them, nothing realised yet this year, short-term gains allowed or not as
 * the import asks (allowed without a budget: today's orders).
 */
export const importBudgetOptions = (
  state: ActiveTracking,
  snapshot: TrackingSnapshot,
  plan: PlanClaim,
  now: Date,
  allowShortTermGains: boolean,
): Pick<ImportPreview, 'unconstrainedRealisedNetGain' | 'taxBudgetOptions'> => {
  // An offer, not the import: a position the engine cannot value leaves the preview without it.
  try {
    const facts = { realisedNetGain: '0', lots: [...state.lots] };
    const input = taxAwareInputOf(state, snapshot, plan, facts, nyToday(now));
    if (!input) return {};
    const budgets = IMPORT_BUDGET_AMOUNTS.map(
      (maxNetGain): TaxBudget => ({ maxNetGain, allowShortTermGains }),
    );
    const results = taxBudgetCurve(input, budgets);
    return {
      unconstrainedRealisedNetGain: results.at(-1)?.unconstrainedRealisedNetGain ?? '0',
      taxBudgetOptions: results.map((result, index) => ({
        maxNetGain: IMPORT_BUDGET_AMOUNTS[index] ?? null,
        replicationRate: result.target.replicationRate,
        realisedNetGain: result.realisedNetGain,
      })),
    };
  } catch {
    return {};
  }
};

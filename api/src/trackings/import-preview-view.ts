import { type Decimal, decide, evolve, type ImportedPositions, initialState } from '@etf-replicator/core';
import { deriveTrackingView } from '@etf-replicator/projections/trackings/derive-tracking-view';
import type { SessionUser } from '../auth/session-user';
import { nyToday } from '../tax/wash-windows';
import { importBudgetOptions } from './import-budget-options';
import type { ImportRequest } from './import-positions';
import type { ImportTarget } from './import-target';
import { planOf, weightingsCapOf } from './market-context';

/**
 * The new tracking as the import would create it, derived without appending: the very events the command decides
 * (with its index and its gains budget), folded, and the view of them — with a budget, the orders that respect it
 * (nothing realised yet this year, the imported lots). The budgets offered honour the short-term gains choice.
 */
export const importPreviewView = (
  tracked: ImportTarget,
  user: SessionUser,
  request: ImportRequest,
  amount: Decimal,
  importedPositions: ImportedPositions | null,
  now: Date,
) => {
  const plan = planOf(user.plan);
  const cap = weightingsCapOf(plan, tracked.snapshot.holdings);
  const events = decide(
    {
      type: 'CreateTracking',
      data: {
        trackingId: 'preview',
        userId: user.userId,
        symbol: tracked.symbol,
        ...(tracked.index ? { index: tracked.index } : {}),
        targetAmount: amount.toFixed(),
        fractionalShares: request.fractionalShares ?? false,
        autoTracking: request.autoTracking ?? false,
        numberOfWeightings: cap,
        plan,
        existingTrackings: 0,
        numberOfWeightingsCap: cap,
        ...(importedPositions ? { importedPositions } : {}),
        ...(request.taxBudget ? { taxBudget: { ...request.taxBudget, eventId: 'preview-budget' } } : {}),
      },
      metadata: { now, eventId: 'preview', actorUserId: user.userId },
    },
    initialState(),
  );
  const state = events.reduce(evolve, initialState());
  if (state.status !== 'Active') return { view: null, budgets: {} };
  const view = deriveTrackingView(
    state,
    tracked.snapshot,
    plan,
    request.taxBudget
      ? { today: nyToday(now), taxAware: { realisedNetGain: '0', lots: [...state.lots] } }
      : {},
  );
  const allowShortTermGains = request.taxBudget?.allowShortTermGains ?? true;
  return {
    view,
    budgets: view.degraded
      ? {}
      : importBudgetOptions(state, tracked.snapshot, plan, now, allowShortTermGains),
  };
};

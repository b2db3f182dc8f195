import type { TaxBudgetRequest } from '@etf-replicator/core/contracts/tax-budget';
import { postCommand, useTrackingCommand } from '@/features/tracking-detail/api/tracking-command';
import type { MutationConfig } from '@/lib/react-query';

export type SetTaxBudgetInput = { trackingId: string; budget: TaxBudgetRequest };

/** POST /api/trackings/{id}/tax-budget: the gains budget of a tax year (If-Match, Idempotency-Key). */
export const setTaxBudget = ({ trackingId, budget }: SetTaxBudgetInput): Promise<unknown> =>
  postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/tax-budget`, budget);

export const useSetTaxBudget = (trackingId: string, mutationConfig?: MutationConfig<typeof setTaxBudget>) =>
  useTrackingCommand(trackingId, setTaxBudget, mutationConfig);

import {
  type CorporateActionList,
  type CorporateActionRecordResponse,
  corporateActionListSchema,
  corporateActionRecordResponseSchema,
} from '@etf-replicator/core/contracts/corporate-actions';
import type { CorporateActionInput } from '@etf-replicator/core/market-data/corporate-action-event';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { CorporateActionList, CorporateActionRecordResponse };

/** GET /api/admin/corporate-actions: every recorded split, ticker change and spin-off. */
export const getCorporateActions = async (): Promise<CorporateActionList> =>
  corporateActionListSchema.parse(await api.get<unknown>('/api/admin/corporate-actions'));

export const corporateActionsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'corporate-actions'], queryFn: getCorporateActions, staleTime: 0 });

export const useCorporateActions = () => useQuery(corporateActionsQueryOptions());

/** POST /api/admin/corporate-actions: records the action and applies it to every tracking holding the stock. */
export const recordCorporateAction = async (
  input: CorporateActionInput,
): Promise<CorporateActionRecordResponse> =>
  corporateActionRecordResponseSchema.parse(await api.post<unknown>('/api/admin/corporate-actions', input));

export const useRecordCorporateAction = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordCorporateAction,
    onSettled: () => client.invalidateQueries({ queryKey: corporateActionsQueryOptions().queryKey }),
  });
};

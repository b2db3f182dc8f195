import type { lotMethodContract } from '@etf-replicator/core/contracts/taxes';
import type { z } from 'zod';
import { postCommand, useTrackingCommand } from '@/features/tracking-detail/api/tracking-command';
import type { MutationConfig } from '@/lib/react-query';

export type LotMethod = z.infer<typeof lotMethodContract>;
export type ChangeLotMethodInput = { trackingId: string; method: LotMethod };

/** POST /api/trackings/{id}/lotMethod {method}: which lots later sales close first (If-Match, Idempotency-Key). */
export const changeLotMethod = ({ trackingId, method }: ChangeLotMethodInput): Promise<unknown> =>
  postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/lotMethod`, { method });

export const useChangeLotMethod = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof changeLotMethod>,
) => useTrackingCommand(trackingId, changeLotMethod, mutationConfig);

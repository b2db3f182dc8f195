import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import type { MutationConfig } from '@/lib/react-query';
import { postCommand, useTrackingCommand } from './tracking-command';

export type ChangeIndexInput = { trackingId: string; index: IndexRequest };

/** POST /api/trackings/{id}/index (ChangeIndex, revertible), If-Match and Idempotency-Key like every command. */
export const changeIndex = ({ trackingId, index }: ChangeIndexInput): Promise<unknown> =>
  postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/index`, { index });

export const useChangeIndex = (trackingId: string, mutationConfig?: MutationConfig<typeof changeIndex>) =>
  useTrackingCommand(trackingId, changeIndex, mutationConfig);

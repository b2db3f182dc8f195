import { postCommand, useTrackingCommand } from '@/features/tracking-detail/api/tracking-command';
import type { MutationConfig } from '@/lib/react-query';

export type RevertHarvestInput = { trackingId: string; harvestId: string };

/**
 * POST /api/history/{trackingId}/revert {actionId}: the harvest is one action, so one revert undoes its sale and
 * its purchase (a compensating entry; the history keeps both).
 */
export const revertHarvest = ({ trackingId, harvestId }: RevertHarvestInput): Promise<unknown> =>
  postCommand(trackingId, `/api/history/${encodeURIComponent(trackingId)}/revert`, { actionId: harvestId });

export const useRevertHarvest = (trackingId: string, mutationConfig?: MutationConfig<typeof revertHarvest>) =>
  useTrackingCommand(trackingId, revertHarvest, mutationConfig);

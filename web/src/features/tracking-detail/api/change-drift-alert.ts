import type { MutationConfig } from '@/lib/react-query';
import { postCommand, useTrackingCommand } from './tracking-command';

export type ChangeDriftAlertInput = { trackingId: string; enabled: boolean; thresholdPoints: string };

/** POST /api/trackings/{id}/alerts {enabled, thresholdPoints} */
export const changeDriftAlert = ({
  trackingId,
  enabled,
  thresholdPoints,
}: ChangeDriftAlertInput): Promise<unknown> =>
  postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/alerts`, {
    enabled,
    thresholdPoints,
  });

export const useChangeDriftAlert = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof changeDriftAlert>,
) => useTrackingCommand(trackingId, changeDriftAlert, mutationConfig);

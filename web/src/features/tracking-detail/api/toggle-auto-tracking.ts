import type { MutationConfig } from '@/lib/react-query';
import { postCommand, useTrackingCommand } from './tracking-command';

/** POST /api/trackings/{id}/toggleAutoTrackingTargetAmount (no body). */
export const toggleAutoTracking = (trackingId: string): Promise<unknown> =>
  postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/toggleAutoTrackingTargetAmount`);

export const useToggleAutoTracking = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof toggleAutoTracking>,
) => useTrackingCommand(trackingId, toggleAutoTracking, mutationConfig);

import type { MutationConfig } from '@/lib/react-query';
import { postCommand, useTrackingCommand } from './tracking-command';

/** POST /api/trackings/{id}/enableFractional: toggles fractional shares (no body). */
export const toggleFractional = (trackingId: string): Promise<unknown> =>
  postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/enableFractional`);

export const useToggleFractional = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof toggleFractional>,
) => useTrackingCommand(trackingId, toggleFractional, mutationConfig);

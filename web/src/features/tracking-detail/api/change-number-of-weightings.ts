import type { MutationConfig } from '@/lib/react-query';
import { postCommand, useTrackingCommand } from './tracking-command';

export type ChangeNumberOfWeightingsInput = { trackingId: string; numberOfWeightings: number };

/** POST /api/trackings/{id}/changeNumberOfWeightings?numberOfWeightings= */
export const changeNumberOfWeightings = ({
  trackingId,
  numberOfWeightings,
}: ChangeNumberOfWeightingsInput): Promise<unknown> =>
  postCommand(
    trackingId,
    `/api/trackings/${encodeURIComponent(trackingId)}/changeNumberOfWeightings?numberOfWeightings=${numberOfWeightings}`,
  );

export const useChangeNumberOfWeightings = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof changeNumberOfWeightings>,
) => useTrackingCommand(trackingId, changeNumberOfWeightings, mutationConfig);

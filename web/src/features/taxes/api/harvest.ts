import { type HarvestResponse, harvestResponseSchema } from '@etf-replicator/core/contracts/taxes';
import { postCommand, useTrackingCommand } from '@/features/tracking-detail/api/tracking-command';
import { rememberRevision } from '@/features/tracking-detail/api/tracking-revision';
import type { MutationConfig } from '@/lib/react-query';

export type { HarvestResponse };
export type HarvestInput = { trackingId: string; symbol: string; replacement: string };

/**
 * POST /api/trackings/{id}/harvest {symbol, replacement}: sells the loss lots and buys the replacement for the
 * proceeds, as one revertible action. The answer's revision is the next If-Match.
 */
export const harvest = async ({
  trackingId,
  symbol,
  replacement,
}: HarvestInput): Promise<HarvestResponse> => {
  const answer = harvestResponseSchema.parse(
    await postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/harvest`, {
      symbol,
      replacement,
    }),
  );
  rememberRevision(trackingId, answer.revision);
  return answer;
};

export const useHarvest = (trackingId: string, mutationConfig?: MutationConfig<typeof harvest>) =>
  useTrackingCommand(trackingId, harvest, mutationConfig);

import { postCommand, useTrackingCommand } from '@/features/tracking-detail/api/tracking-command';
import type { MutationConfig } from '@/lib/react-query';

export type KeepReplacementInput = { trackingId: string; symbol: string };

/** POST /api/trackings/{id}/substitutions/keep {symbol}: the replacement stays; no switch back is suggested. */
export const keepReplacement = ({ trackingId, symbol }: KeepReplacementInput): Promise<unknown> =>
  postCommand(trackingId, `/api/trackings/${encodeURIComponent(trackingId)}/substitutions/keep`, { symbol });

export const useKeepReplacement = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof keepReplacement>,
) => useTrackingCommand(trackingId, keepReplacement, mutationConfig);

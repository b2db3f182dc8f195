import type { MutationConfig } from '@/lib/react-query';
import { postCommand, useTrackingCommand } from './tracking-command';

export type ChangeInvestmentInput = {
  trackingId: string;
  direction: 'raise' | 'lower';
  /** Decimal string. */
  amount: string;
  /** Raise only: invest the new cash without selling anything. */
  buyOnly?: boolean;
};

/** POST /api/replication/add-investment {trackingId, amount, buyOnly?} or /subtract-investment {trackingId, amount}. */
export const changeInvestment = async ({
  trackingId,
  direction,
  amount,
  buyOnly,
}: ChangeInvestmentInput): Promise<unknown> =>
  direction === 'raise'
    ? postCommand(trackingId, '/api/replication/add-investment', {
        trackingId,
        amount,
        buyOnly: buyOnly ?? false,
      })
    : postCommand(trackingId, '/api/replication/subtract-investment', { trackingId, amount });

export const useChangeInvestment = (
  trackingId: string,
  mutationConfig?: MutationConfig<typeof changeInvestment>,
) => useTrackingCommand(trackingId, changeInvestment, mutationConfig);

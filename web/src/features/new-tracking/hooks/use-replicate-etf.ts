import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { askTrackingPermission } from '../api/check-trackings-number';
import { createTrackingRequest, useCreateTracking } from '../api/create-tracking';
import { replicate } from '../api/replicate';

/** The server's message for a failed replicate, else the spec's fallback (spec 2 §8). */
export const replicateErrorMessage = (error: unknown): string =>
  isApiError(error) && error.status !== undefined && error.status < 500 && error.message
    ? error.message
    : trackingMessages.replicateFailed;

/**
 * Issue 15: an amount too small to buy a single share used to create an empty tracking that "matched the target".
 */
export const nothingToBuyMessage = (symbol: string, amount: string): string =>
  `${formatMoney(amount)} does not buy a single share of the ${symbol} holdings you follow. Enter a larger amount.`;

/**
 * 'Replicate ETF' (spec 2 §4): the tracking-count check first, then the replication, then the saved tracking,
 * its toast, and the tracking detail with the new trackingId.
 */
export const useReplicateEtf = () => {
  const navigate = useNavigate();
  const [stage, setStage] = useState<'idle' | 'checking' | 'replicating' | 'saving'>('idle');
  const save = useCreateTracking();
  /** Resolves to a message for the amount field when nothing can be bought (no tracking is created then). */
  const run = async (symbol: string, amount: string): Promise<string | undefined> => {
    if (stage !== 'idle') return;
    setStage('checking');
    try {
      const permission = await askTrackingPermission();
      if (!permission.allowed) {
        notify.error(permission.message);
        return;
      }
      setStage('replicating');
      let result: Awaited<ReturnType<typeof replicate>>;
      try {
        result = await replicate({ symbol, amount });
      } catch (error) {
        notify.error(replicateErrorMessage(error));
        return;
      }
      if (result.investments.length === 0) return nothingToBuyMessage(result.symbol, amount);
      setStage('saving');
      try {
        const created = await save.mutateAsync(createTrackingRequest(result));
        notify.success(trackingMessages.saved);
        navigate(paths.trackingById(created.symbol, created.trackingId), {
          state: { trackingId: created.trackingId },
        });
      } catch {
        notify.error(trackingMessages.saveFailed);
      }
    } finally {
      setStage('idle');
    }
  };
  return { run, stage, busy: stage !== 'idle' };
};

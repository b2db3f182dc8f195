import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { askTrackingPermission } from '../api/check-trackings-number';
import { indexTrackingRequest, useCreateTracking } from '../api/create-tracking';

/**
 * 'Create tracking' for a blend or an own list: the tracking-count check, then the saved tracking, its toast and the
 * tracking detail. A refused definition (400 naming the row, 403 naming the plan) resolves to the server's words.
 */
export const useCreateIndexTracking = () => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const save = useCreateTracking();
  const run = async (index: IndexRequest, amount: string): Promise<string | undefined> => {
    if (busy) return;
    setBusy(true);
    try {
      const permission = await askTrackingPermission();
      if (!permission.allowed) {
        notify.error(permission.message);
        return;
      }
      const created = await save.mutateAsync(indexTrackingRequest(index, amount));
      notify.success(trackingMessages.saved);
      navigate(paths.trackingById(created.symbol, created.trackingId), {
        state: { trackingId: created.trackingId },
      });
    } catch (error) {
      if (isApiError(error) && error.status !== undefined && error.status < 500 && error.message) {
        return error.message;
      }
      notify.error(trackingMessages.saveFailed);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
};

import type { TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { summaryName } from '@/features/indexes/utils/tracking-name';
import { notify } from '@/lib/notify';
import { deleteTrackingErrorMessage, useDeleteTracking } from '../api/delete-tracking';
import { TaxRecords } from './tax-records';

type Props = { tracking: TrackingSummary | undefined; onClose: () => void };

/** The confirmation before a tracking is deleted (spec 2 §2, §4, §8), offering its tax records first (issue 26). */
export const DeleteTrackingDialog = ({ tracking, onClose }: Props) => {
  const deletion = useDeleteTracking({
    mutationConfig: {
      onSuccess: () => onClose(),
      onError: (error) => {
        notify.error(deleteTrackingErrorMessage(error));
        onClose();
      },
    },
  });
  return (
    <ConfirmDialog
      open={tracking !== undefined}
      onClose={onClose}
      title="Delete tracking"
      description={
        tracking
          ? `Delete your ${summaryName(tracking)} tracking? Its orders and history will no longer be shown. This cannot be undone.`
          : ''
      }
      body={tracking && <TaxRecords trackingId={tracking.trackingId} symbol={tracking.symbol} />}
      pending={deletion.isPending}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      variant="danger"
      onConfirm={() => tracking && deletion.mutate(tracking.trackingId)}
    />
  );
};

import type { TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { notify } from '@/lib/notify';
import { deleteTrackingErrorMessage, useDeleteTracking } from '../api/delete-tracking';

type Props = { tracking: TrackingSummary | undefined; onClose: () => void };

/** The confirmation before a tracking is deleted (spec 2 §2, §4, §8). */
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
    <Dialog
      open={tracking !== undefined}
      onOpenChange={(open) => !open && !deletion.isPending && onClose()}
      title="Delete tracking"
      description={
        tracking
          ? `Delete your ${tracking.symbol} tracking? Its orders and history will no longer be shown. This cannot be undone.`
          : ''
      }
    >
      <DialogClose asChild>
        <Button variant="secondary" disabled={deletion.isPending}>
          Cancel
        </Button>
      </DialogClose>
      <Button
        variant="danger"
        disabled={deletion.isPending}
        onClick={() => tracking && deletion.mutate(tracking.trackingId)}
      >
        {deletion.isPending ? 'Deleting...' : 'Delete'}
      </Button>
    </Dialog>
  );
};

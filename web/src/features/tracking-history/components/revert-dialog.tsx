import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { HistoryEntry } from '../api/get-history';
import { useRevertAction } from '../api/revert-action';
import { describeEntry } from '../utils/describe-entry';

type Props = { trackingId: string; entry: HistoryEntry | undefined; onClose: () => void };

/** Confirmation before an action is reverted (spec 2 §4). A refusal (409) shows the server's reason. */
export const RevertDialog = ({ trackingId, entry, onClose }: Props) => {
  const revert = useRevertAction({
    mutationConfig: {
      onSuccess: onClose,
      onError: (error) => {
        notify.error(
          isApiError(error) && error.message ? error.message : 'The action could not be reverted.',
        );
        onClose();
      },
    },
  });
  return (
    <Dialog
      open={entry !== undefined}
      onOpenChange={(open) => !open && !revert.isPending && onClose()}
      title="Revert action"
      description={
        entry
          ? `Revert "${describeEntry(entry)}"? Positions and cash go back to what they would be without it. The history keeps both entries.`
          : ''
      }
    >
      <DialogClose asChild>
        <Button variant="secondary" disabled={revert.isPending}>
          Cancel
        </Button>
      </DialogClose>
      <Button
        disabled={revert.isPending}
        onClick={() => entry && revert.mutate({ trackingId, actionId: entry.id })}
      >
        {revert.isPending ? 'Reverting...' : 'Revert'}
      </Button>
    </Dialog>
  );
};

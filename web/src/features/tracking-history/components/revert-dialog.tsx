import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={entry !== undefined}
      onClose={onClose}
      title="Revert action"
      description={
        entry
          ? `Revert "${describeEntry(entry)}"? Positions and cash go back to what they would be without it. The history keeps both entries.`
          : ''
      }
      pending={revert.isPending}
      confirmLabel="Revert"
      pendingLabel="Reverting..."
      onConfirm={() => entry && revert.mutate({ trackingId, actionId: entry.id })}
    />
  );
};

import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import type { UserChange } from '../api/change-user';
import { planLabel, roleLabel } from '../utils/labels';

type Props = {
  change: UserChange | undefined;
  pending: boolean;
  onConfirm: (change: UserChange) => void;
  onCancel: () => void;
};

const describe = (change: UserChange) =>
  change.kind === 'plan'
    ? `Change the plan of ${change.email} from ${planLabel(change.from)} to ${planLabel(change.to)}? It is recorded in the audit log and takes effect at the user's next token refresh.`
    : `Change the role of ${change.email} from ${roleLabel(change.from)} to ${roleLabel(change.to)}? It is recorded in the audit log and takes effect at the user's next token refresh.`;

/** Plan and role changes are confirmed before the admin command is sent. */
export const ConfirmChangeDialog = ({ change, pending, onConfirm, onCancel }: Props) => (
  <Dialog
    open={change !== undefined}
    onOpenChange={(open) => {
      if (!open) onCancel();
    }}
    title={change?.kind === 'role' ? 'Change role?' : 'Change plan?'}
    description={change ? describe(change) : ''}
  >
    <DialogClose asChild>
      <Button variant="secondary">Cancel</Button>
    </DialogClose>
    <Button disabled={pending} onClick={() => change && onConfirm(change)}>
      {pending ? 'Saving…' : change?.kind === 'role' ? 'Change role' : 'Change plan'}
    </Button>
  </Dialog>
);

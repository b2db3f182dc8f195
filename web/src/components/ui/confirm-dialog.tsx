import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';

type Props = {
  open: boolean;
  /** Called when the user dismisses the dialog (Cancel, Escape, the overlay); never while the action runs. */
  onClose: () => void;
  title: string;
  description: ReactNode;
  body?: ReactNode;
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  variant?: 'primary' | 'danger';
  onConfirm: () => void;
};

/** A yes/no confirmation for one action: Cancel, and the action's button, which shows it running. */
export const ConfirmDialog = ({
  open,
  onClose,
  title,
  description,
  body,
  pending,
  confirmLabel,
  pendingLabel,
  variant,
  onConfirm,
}: Props) => (
  <Dialog
    open={open}
    onOpenChange={(next) => !next && !pending && onClose()}
    title={title}
    description={description}
    body={body}
  >
    <DialogClose asChild>
      <Button variant="secondary" disabled={pending}>
        Cancel
      </Button>
    </DialogClose>
    <Button variant={variant ?? 'primary'} disabled={pending || !open} onClick={onConfirm}>
      {pending ? pendingLabel : confirmLabel}
    </Button>
  </Dialog>
);

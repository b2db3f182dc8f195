import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';

type FrameProps = {
  /** The orders being recorded; the dialog is open while they are set. */
  orders: readonly unknown[] | undefined;
  recording: boolean;
  onCancel: () => void;
  formId: string;
  description: string;
  form: ReactNode;
};

/** The dialog around a fills form: its title counts the orders, Cancel is refused while the record is in flight. */
export const FillsDialogFrame = ({ orders, recording, onCancel, formId, description, form }: FrameProps) => (
  <Dialog
    wide
    open={orders !== undefined}
    onOpenChange={(open) => !open && !recording && onCancel()}
    title={
      orders && orders.length > 1 ? `Record ${orders.length} executed orders` : 'Record the executed order'
    }
    description={description}
    body={orders && form}
  >
    <DialogClose asChild>
      <Button variant="secondary" disabled={recording}>
        Cancel
      </Button>
    </DialogClose>
    <Button type="submit" form={formId} aria-disabled={recording || undefined}>
      {recording ? 'Recording...' : 'Record'}
    </Button>
  </Dialog>
);

type FormProps = {
  id: string;
  onSubmit: () => void;
  /** The API's refusal, shown above the fields. */
  refusal: string | undefined;
  children: ReactNode;
};

/** A fills form: Enter in any field records, whatever the browser's implicit submission does with a button outside. */
export const FillsForm = ({ id, onSubmit, refusal, children }: FormProps) => (
  <form
    id={id}
    noValidate
    onSubmit={(event) => {
      event.preventDefault();
      onSubmit();
    }}
    onKeyDown={(event) => {
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
      event.preventDefault();
      onSubmit();
    }}
  >
    {refusal && (
      <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        {refusal}
      </p>
    )}
    {children}
  </form>
);

/** A key that changes with the set of orders, so that a new set starts from fresh drafts. */
export const ordersKey = (orders: readonly { orderType: string; shares: string; symbol: string }[]) =>
  orders.map((order) => `${order.orderType}:${order.shares}:${order.symbol}`).join('|');

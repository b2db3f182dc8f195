import type { NettedOrder } from '@etf-replicator/core/contracts/portfolio';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { tradeDateToday } from '@/features/tracking-detail/utils/fills-draft';
import type { NettedConfirmation } from '../hooks/use-netted-execution';
import {
  initialNettedFill,
  type NettedFill,
  nettedFillErrors,
  nettedFillToSend,
} from '../utils/netted-fills';
import { NettedFillFields } from './netted-fill-fields';

const FORM_ID = 'netted-fills-form';

/**
 * Before the netted orders are recorded, the investor may give each one's fill price and trade date (the latest
 * price and today to start with), as a tracking's fills dialog asks. Enter records, Escape cancels; a bad input keeps
 * everything typed and says what to fix beside the field.
 */
export const NettedFillsDialog = ({ confirmation }: { confirmation: NettedConfirmation }) => {
  const { orders } = confirmation;
  return (
    <Dialog
      wide
      open={orders !== undefined}
      onOpenChange={(open) => !open && !confirmation.recording && confirmation.cancel()}
      title={
        orders && orders.length > 1 ? `Record ${orders.length} executed orders` : 'Record the executed order'
      }
      description="Enter what your broker filled: the price and the trade date. Each tracking records its part."
      body={
        orders && (
          <FillsForm
            key={orders.map((order) => `${order.orderType}:${order.shares}:${order.symbol}`).join('|')}
            orders={orders}
            confirmation={confirmation}
          />
        )
      }
    >
      <DialogClose asChild>
        <Button variant="secondary" disabled={confirmation.recording}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" form={FORM_ID} aria-disabled={confirmation.recording || undefined}>
        {confirmation.recording ? 'Recording...' : 'Record'}
      </Button>
    </Dialog>
  );
};

const FillsForm = ({
  orders,
  confirmation,
}: {
  orders: readonly NettedOrder[];
  confirmation: NettedConfirmation;
}) => {
  const today = tradeDateToday();
  const [fills, setFills] = useState<NettedFill[]>(() =>
    orders.map((order) => initialNettedFill(order, today)),
  );
  const [submitted, setSubmitted] = useState(false);
  const submit = () => {
    setSubmitted(true);
    if (confirmation.recording) return;
    const drafts = orders.map((order, index) => ({ order, fill: fills[index] as NettedFill }));
    if (drafts.some(({ fill }) => Object.keys(nettedFillErrors(fill, today)).length > 0)) return;
    void confirmation.record(drafts.map(({ order, fill }) => nettedFillToSend(order, fill, today)));
  };
  return (
    <form
      id={FORM_ID}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      // Enter in any field records, whatever the browser's implicit submission does with a button outside the form.
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        submit();
      }}
    >
      {confirmation.refusal && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {confirmation.refusal}
        </p>
      )}
      <div className="space-y-3">
        {orders.map((order, index) => (
          <NettedFillFields
            key={`${order.orderType}:${order.symbol}`}
            order={order}
            fill={fills[index] as NettedFill}
            errors={submitted ? nettedFillErrors(fills[index] as NettedFill, today) : {}}
            today={today}
            onChange={(next) =>
              setFills((current) => current.map((fill, at) => (at === index ? next : fill)))
            }
          />
        ))}
      </div>
    </form>
  );
};

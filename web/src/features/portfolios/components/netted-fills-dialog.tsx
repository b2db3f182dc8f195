import type { NettedOrder } from '@etf-replicator/core/contracts/portfolio';
import { useState } from 'react';
import { FillsDialogFrame, FillsForm, ordersKey } from '@/components/ui/fills-dialog-frame';
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
    <FillsDialogFrame
      orders={orders}
      recording={confirmation.recording}
      onCancel={confirmation.cancel}
      formId={FORM_ID}
      description="Enter what your broker filled: the price and the trade date. Each tracking records its part."
      form={orders && <NettedFillsForm key={ordersKey(orders)} orders={orders} confirmation={confirmation} />}
    />
  );
};

const NettedFillsForm = ({
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
    <FillsForm id={FORM_ID} onSubmit={submit} refusal={confirmation.refusal}>
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
    </FillsForm>
  );
};

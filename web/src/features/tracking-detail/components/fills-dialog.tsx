import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { FillsDialogFrame, FillsForm, ordersKey } from '@/components/ui/fills-dialog-frame';
import { useOpenLots } from '../api/get-open-lots';
import type { FillsConfirmation } from '../hooks/use-execute-orders';
import { readableReason } from '../utils/fill-refusal';
import {
  type FillDraft,
  type FillErrors,
  fillErrors,
  fillToSend,
  hasErrors,
  initialFill,
  type OpenLot,
  tradeDateToday,
} from '../utils/fills-draft';
import { FillFields } from './fill-fields';
import { FillSummary } from './fill-summary';

type Props = {
  trackingId: string;
  /** The snapshot prices the detail shows: each fill price starts there. */
  prices: Readonly<Record<string, string>>;
  confirmation: FillsConfirmation;
};

const FORM_ID = 'fills-form';

/**
 * Issue 32 item 4: before orders are recorded, the investor says how they were filled — price, trade date and, for
 * a SELL, which lots — and sees exactly what will be recorded. Enter records, Escape cancels; a bad input keeps
 * everything typed and says what to fix beside the field; the API's refusal shows at the top and beside its field.
 */
export const FillsDialog = ({ trackingId, prices, confirmation }: Props) => {
  const { orders } = confirmation;
  return (
    <FillsDialogFrame
      orders={orders}
      recording={confirmation.recording}
      onCancel={confirmation.cancel}
      formId={FORM_ID}
      description="Enter what your broker filled: the price, the trade date and, for a sale, which lots were sold."
      form={
        orders && (
          <TrackingFillsForm
            key={ordersKey(orders)}
            trackingId={trackingId}
            prices={prices}
            orders={orders}
            confirmation={confirmation}
          />
        )
      }
    />
  );
};

type FormProps = Omit<Props, 'confirmation'> & {
  orders: readonly AdjustmentOrderLine[];
  confirmation: FillsConfirmation;
};

const TrackingFillsForm = ({ trackingId, prices, orders, confirmation }: FormProps) => {
  const today = tradeDateToday();
  const selling = orders.some((order) => order.orderType === 'SELL');
  const lotsQuery = useOpenLots(trackingId, selling);
  const [drafts, setDrafts] = useState<FillDraft[]>(() =>
    orders.map((order) => initialFill(prices[order.symbol], today, order.lots)),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  // Lots that cannot be loaded leave the method's choice (the default) and an empty list to choose from.
  const lotsOf = (symbol: string): OpenLot[] | undefined =>
    lotsQuery.data
      ? (lotsQuery.data.holdings.find((holding) => holding.symbol === symbol)?.lots ?? [])
      : lotsQuery.isError
        ? []
        : undefined;
  const allLots = lotsQuery.data?.holdings.flatMap((holding) => holding.lots) ?? [];
  const errorsOf = (index: number) => {
    const order = orders[index] as AdjustmentOrderLine;
    return fillErrors(drafts[index] as FillDraft, order, lotsOf(order.symbol) ?? [], today);
  };
  const shownErrors = (index: number): FillErrors => {
    const all = errorsOf(index);
    const shown: FillErrors = {};
    for (const field of ['price', 'tradeDate', 'lots'] as const) {
      if (all[field] && (submitted || touched.has(`${index}:${field}`))) shown[field] = all[field];
    }
    const { refusal } = confirmation;
    if (refusal?.index === index && refusal.field && !shown[refusal.field])
      shown[refusal.field] = readableReason(refusal.reason, allLots);
    return shown;
  };
  const change = (index: number, next: FillDraft) => {
    const before = drafts[index] as FillDraft;
    const edited = (['price', 'tradeDate', 'lotShares'] as const).filter(
      (field) => before[field] !== next[field],
    );
    setTouched((current) => {
      const added = new Set(current);
      for (const field of edited) added.add(`${index}:${field === 'lotShares' ? 'lots' : field}`);
      return added;
    });
    setDrafts((current) => current.map((draft, at) => (at === index ? next : draft)));
  };
  const submit = () => {
    setSubmitted(true);
    if (confirmation.recording) return;
    if (orders.some((_, index) => hasErrors(errorsOf(index)))) return;
    void confirmation.record(
      orders.map((order, index) =>
        fillToSend(order, drafts[index] as FillDraft, lotsOf(order.symbol) ?? [], today),
      ),
    );
  };
  return (
    <FillsForm
      id={FORM_ID}
      onSubmit={submit}
      refusal={confirmation.refusal && readableReason(confirmation.refusal.message, allLots)}
    >
      <div className="space-y-3">
        {orders.map((order, index) => (
          <FillFields
            key={`${order.orderType}:${order.symbol}`}
            order={order}
            draft={drafts[index] as FillDraft}
            errors={shownErrors(index)}
            snapshotPrice={prices[order.symbol]}
            lots={lotsOf(order.symbol)}
            lotMethod={lotsQuery.data?.lotMethod}
            today={today}
            onChange={(next) => change(index, next)}
          />
        ))}
      </div>
      <FillSummary
        lines={orders.map((order, index) => ({
          order,
          draft: drafts[index] as FillDraft,
          lots: lotsOf(order.symbol) ?? [],
        }))}
        lotMethod={lotsQuery.data?.lotMethod}
      />
    </FillsForm>
  );
};

import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
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
    <Dialog
      wide
      open={orders !== undefined}
      onOpenChange={(open) => !open && !confirmation.recording && confirmation.cancel()}
      title={
        orders && orders.length > 1 ? `Record ${orders.length} executed orders` : 'Record the executed order'
      }
      description="Enter what your broker filled: the price, the trade date and, for a sale, which lots were sold."
      body={
        orders && (
          <FillsForm
            // A new set of orders starts from fresh drafts.
            key={orders.map((order) => `${order.orderType}:${order.shares}:${order.symbol}`).join('|')}
            trackingId={trackingId}
            prices={prices}
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

type FormProps = Omit<Props, 'confirmation'> & {
  orders: readonly AdjustmentOrderLine[];
  confirmation: FillsConfirmation;
};

const FillsForm = ({ trackingId, prices, orders, confirmation }: FormProps) => {
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
          {readableReason(confirmation.refusal.message, allLots)}
        </p>
      )}
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
    </form>
  );
};

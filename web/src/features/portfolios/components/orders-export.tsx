import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { downloadPortfolioOrders, type OrdersLayout } from '../api/download-orders-csv';

const LAYOUTS: readonly { value: OrdersLayout; label: string }[] = [
  { value: 'generic', label: 'Generic CSV' },
  { value: 'ibkr', label: 'Interactive Brokers basket' },
];

/**
 * Downloads the netted orders as CSV in a broker's layout. A button, not a plain link: the file is read with the
 * session's bearer token, which a link could not send.
 */
export const OrdersExport = () => {
  const [layout, setLayout] = useState<OrdersLayout>('generic');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const download = async () => {
    setBusy(true);
    try {
      await downloadPortfolioOrders(layout);
    } catch {
      notify.error('The orders file could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium text-slate-600">
          Orders file layout
        </label>
        <select
          id={id}
          value={layout}
          onChange={(event) => setLayout(event.target.value as OrdersLayout)}
          className="rounded-md border-slate-300 py-2 text-sm text-slate-900 ring-1 ring-slate-300"
        >
          {LAYOUTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Downloading...' : 'Download orders CSV'}
      </Button>
    </div>
  );
};

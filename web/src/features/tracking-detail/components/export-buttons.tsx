import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { downloadTrackingCsv, type OrdersLayout } from '../api/download-csv';

const LAYOUTS: readonly { value: OrdersLayout; label: string }[] = [
  { value: 'generic', label: 'Generic CSV' },
  { value: 'ibkr', label: 'Interactive Brokers basket' },
];

/** Download the suggested orders (in a broker's layout) and the positions as CSV files. */
export const ExportButtons = ({
  trackingId,
  symbol,
  hasOrders,
}: {
  trackingId: string;
  symbol: string;
  hasOrders: boolean;
}) => {
  const [layout, setLayout] = useState<OrdersLayout>('generic');
  const [busy, setBusy] = useState<'orders' | 'positions' | null>(null);
  const layoutId = useId();
  const download = async (kind: 'orders' | 'positions') => {
    setBusy(kind);
    try {
      await downloadTrackingCsv(trackingId, symbol, kind, layout);
    } catch {
      notify.error(`The ${kind} file could not be downloaded. Please try again.`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
      {hasOrders && (
        <>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={layoutId} className="text-xs font-medium text-slate-600">
              Orders file layout
            </label>
            <select
              id={layoutId}
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
          <Button variant="secondary" disabled={busy !== null} onClick={() => void download('orders')}>
            {busy === 'orders' ? 'Downloading...' : 'Download orders CSV'}
          </Button>
        </>
      )}
      <Button variant="secondary" disabled={busy !== null} onClick={() => void download('positions')}>
        {busy === 'positions' ? 'Downloading...' : 'Download positions CSV'}
      </Button>
    </div>
  );
};

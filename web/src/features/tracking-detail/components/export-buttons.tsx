import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type OrdersLayout, OrdersLayoutSelect } from '@/components/ui/orders-layout-select';
import { notify } from '@/lib/notify';
import { downloadTrackingCsv } from '../api/download-csv';

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
          <OrdersLayoutSelect value={layout} onChange={setLayout} />
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

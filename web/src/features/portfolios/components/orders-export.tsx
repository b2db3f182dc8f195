import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type OrdersLayout, OrdersLayoutSelect } from '@/components/ui/orders-layout-select';
import { notify } from '@/lib/notify';
import { downloadPortfolioOrders } from '../api/download-orders-csv';

/**
 * Downloads the netted orders as CSV in a broker's layout. A button, not a plain link: the file is read with the
 * session's bearer token, which a link could not send.
 */
export const OrdersExport = () => {
  const [layout, setLayout] = useState<OrdersLayout>('generic');
  const [busy, setBusy] = useState(false);
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
      <OrdersLayoutSelect value={layout} onChange={setLayout} />
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Downloading...' : 'Download orders CSV'}
      </Button>
    </div>
  );
};

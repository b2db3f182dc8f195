import type { OrdersLayout } from '@/components/ui/orders-layout-select';
import { downloadCsv } from '@/lib/download-csv';

/** The CSV file name the API also suggests: `QQQ-orders-2026-11-24.csv`. */
export const csvFileName = (symbol: string, kind: 'orders' | 'positions', layout: OrdersLayout = 'generic') =>
  `${symbol.replace(/[^A-Za-z0-9.-]/g, '_')}-${kind}${layout === 'generic' ? '' : `-${layout}`}-${new Date()
    .toISOString()
    .slice(0, 10)}.csv`;

export const csvUrl = (trackingId: string, kind: 'orders' | 'positions', layout: OrdersLayout = 'generic') =>
  `/api/trackings/${encodeURIComponent(trackingId)}/${kind}.csv${kind === 'orders' && layout !== 'generic' ? `?layout=${layout}` : ''}`;

/** Downloads a tracking's orders or positions CSV (with the session's token, which a plain link could not send). */
export const downloadTrackingCsv = (
  trackingId: string,
  symbol: string,
  kind: 'orders' | 'positions',
  layout: OrdersLayout = 'generic',
): Promise<string> => downloadCsv(csvUrl(trackingId, kind, layout), csvFileName(symbol, kind, layout));

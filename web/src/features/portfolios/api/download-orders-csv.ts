import type { OrdersLayout } from '@/components/ui/orders-layout-select';
import { downloadCsv } from '@/lib/download-csv';

/** The file name the API also suggests: `portfolio-orders-2026-11-27.csv`, `portfolio-orders-ibkr-….csv`. */
export const portfolioCsvName = (layout: OrdersLayout, today = new Date()) =>
  `portfolio-orders${layout === 'generic' ? '' : `-${layout}`}-${today.toISOString().slice(0, 10)}.csv`;

export const portfolioCsvUrl = (layout: OrdersLayout) => `/api/portfolio/orders.csv?layout=${layout}`;

/** GET /api/portfolio/orders.csv?layout=: the netted orders in a broker's layout (read with the session's token). */
export const downloadPortfolioOrders = (layout: OrdersLayout): Promise<string> =>
  downloadCsv(portfolioCsvUrl(layout), portfolioCsvName(layout));

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

type Routes = Parameters<typeof mockApi>[0];

const heldBack = {
  symbol: 'GOOG',
  shares: '3',
  until: '2026-12-28',
  reason: 'GOOGL sold at a loss on Nov 28, 2026',
};

const open = (routes: Routes = {}) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(200, trackingDetail({ heldBackBuys: [heldBack] })),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    ...routes,
  });
  return { api, app: renderApp('/tracking/VOO?id=trk-1') };
};

const ordersSection = () => screen.findByRole('region', { name: 'Suggested adjustment orders' });

/** Issue 26 in the orders panel: BUYs a wash-sale window holds back, and the warning after a BUY inside one. */
describe('Orders and wash sales', () => {
  it('lists the BUYs held back by a window under the orders', async () => {
    open();
    const orders = await ordersSection();
    const list = await within(orders).findByRole('list', { name: 'Held-back buys' });
    expect(list).toHaveTextContent(
      'BUY 3 GOOG held back until Dec 28, 2026: GOOGL sold at a loss on Nov 28, 2026',
    );
  });

  it('names the disallowed loss after a BUY inside a window, until dismissed', async () => {
    // 10 AAPL sold at $400 after buying at $500: a $1,000 loss, all disallowed by buying 7 + 3 back.
    const { app, api } = open({
      'POST /api/trackings/trk-1/applyAdjustmentOrders': json(200, {
        ...trackingDetail(),
        warnings: [{ code: 'WASH_SALE', symbol: 'AAPL', saleDate: '2026-11-20', disallowedLoss: '1000' }],
      }),
    });
    await ordersSection();
    await app.user.click(screen.getByRole('button', { name: 'Execute BUY AAPL' }));
    // The fills confirmation (issue 32 item 4) opens first: recorded at the snapshot price and today.
    const dialog = screen.getByRole('dialog', { name: 'Record the executed order' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/trackings/trk-1/applyAdjustmentOrders')).toHaveLength(1),
    );
    const notice = await screen.findByText(
      "Wash sale: $1,000.00 of the loss on AAPL sold Nov 20, 2026 is disallowed and added to this lot's basis",
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/^Wash sale:/)).not.toBeInTheDocument();
  });

  it('shows no notice when the answer carries no warning', async () => {
    const { app, api } = open({
      'POST /api/trackings/trk-1/applyAdjustmentOrders': json(200, { ...trackingDetail(), warnings: [] }),
    });
    await ordersSection();
    await app.user.click(screen.getByRole('button', { name: 'Execute BUY AAPL' }));
    // The fills confirmation (issue 32 item 4) opens first: recorded at the snapshot price and today.
    const dialog = screen.getByRole('dialog', { name: 'Record the executed order' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/trackings/trk-1/applyAdjustmentOrders')).toHaveLength(1),
    );
    expect(screen.queryByText(/^Wash sale:/)).not.toBeInTheDocument();
  });
});

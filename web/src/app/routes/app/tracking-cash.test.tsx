import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

/**
 * Issue 32: a $25,000 fixed target whose prices fell: worth $23,616.00, $2.54 of cash. The orders invest the cash
 * only; $1,384.00 more reaches the target, with two more orders.
 */
const belowTarget = trackingDetail({
  currentReplication: {
    targetInvestmentAmount: '25000.00',
    investments: [
      { symbol: 'NVDA', numberOfShares: '60', amountInvested: '12173.40' },
      { symbol: 'OLD', numberOfShares: '2', amountInvested: '100.00' },
    ],
    leftoverAmount: '2.54',
  },
  adjustmentOrders: [{ symbol: 'OLD', orderType: 'SELL', shares: '2' }],
  marketValue: '23616.00',
  cashToReachTarget: '1384.00',
  ordersToReachTarget: [
    { symbol: 'AAPL', orderType: 'BUY', shares: '5' },
    { symbol: 'OLD', orderType: 'SELL', shares: '2' },
  ],
  revision: 7,
});

const open = (detail = belowTarget, post = json(200, {})) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(200, detail),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    'POST /api/trackings/trk-1/applyAdjustmentOrders': post,
  });
  return { api, app: renderApp('/tracking/VOO?id=trk-1') };
};

describe('Tracking detail: the cash a fixed target lacks (issue 32)', () => {
  it('says on the dashboard and in the orders panel, with one figure, what reaching the target takes', async () => {
    open();
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    const orders = await screen.findByRole('region', { name: 'Suggested adjustment orders' });
    expect(within(dashboard).getByTestId('leftover')).toHaveTextContent('$2.54');
    expect(within(dashboard).getByTestId('reach-target')).toHaveTextContent(
      "Add $1,384.00 to reach the targetAt today's prices the tracking is worth $23,616.00, less than its $25,000.00 target. The orders invest only the cash it has.",
    );
    expect(within(orders).getByTestId('reach-target')).toHaveTextContent('Add $1,384.00 to reach the target');
    expect(within(dashboard).getByText(/Worth \$23,616\.00 today/)).toBeInTheDocument();
  });

  it('records the cash and the orders it pays for in one request, after showing them', async () => {
    const { app, api } = open();
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    await app.user.click(within(dashboard).getByRole('button', { name: 'Add $1,384.00…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add $1,384.00 to reach the target' });
    const listed = within(dialog).getByRole('list', { name: 'Orders recorded with the cash' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BUY5 AAPLabout ≈ $1,357.00', 'SELL2 OLDabout ≈ $100.00']);
    await app.user.click(within(dialog).getByRole('button', { name: 'Add $1,384.00 and record 2 orders' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsTo('POST /api/trackings/trk-1/applyAdjustmentOrders');
    expect(call?.body).toEqual({
      addCash: '1384.00',
      orders: [
        { symbol: 'AAPL', shares: '5', orderType: 'BUY' },
        { symbol: 'OLD', shares: '2', orderType: 'SELL' },
      ],
    });
    expect(call?.headers.get('If-Match')).toBe('"r7"');
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it("keeps the dialog open with the server's reason when the request is refused", async () => {
    const refused = json(409, { message: 'This tracking changed in another window' });
    const { app } = open(belowTarget, refused);
    const orders = await screen.findByRole('region', { name: 'Suggested adjustment orders' });
    await app.user.click(within(orders).getByRole('button', { name: 'Add $1,384.00…' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: /^Add \$1,384\.00 and record/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This tracking changed in another window',
    );
  });

  it('shows nothing to add when the tracking is worth its target', async () => {
    open(trackingDetail({ marketValue: '10000.00', cashToReachTarget: '0.00', ordersToReachTarget: [] }));
    await screen.findByRole('region', { name: 'Replication dashboard' });
    expect(screen.queryByTestId('reach-target')).not.toBeInTheDocument();
  });
});

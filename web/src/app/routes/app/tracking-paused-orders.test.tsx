import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const reason =
  'OLD moved −89.52 % between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action: its orders are paused until an admin records or confirms it';
const paused = {
  symbol: 'OLD',
  orderType: 'SELL' as const,
  shares: '2',
  reason,
  flaggedSymbol: 'OLD',
  changePercent: '-89.52',
  fromDate: '2025-10-30',
  toDate: '2025-11-18',
};
const alert = {
  symbol: 'OLD',
  from: '1089',
  to: '114.09',
  changePercent: '-89.52',
  snapshotDate: '2025-11-18',
};

const open = (detail: Parameters<typeof trackingDetail>[0]) => {
  setSession({ accessToken: makeAccessToken() });
  mockApi({
    'GET /api/trackings/trk-1': json(200, trackingDetail(detail)),
    'GET /api/trackings/trk-1/price-alerts': json(200, { priceAlerts: [alert] }),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
  });
  renderApp('/tracking/VOO?id=trk-1');
  // The first render loads the lazy tracking route: on a busy machine that alone can take longer than the default.
  return screen.findByRole('region', { name: 'Suggested adjustment orders' }, { timeout: 25_000 });
};

describe('Orders paused by an unexplained price move (issue 32 item 2)', () => {
  it('lists the paused order with its reason under the orders, and the banner stays', async () => {
    const orders = await open({
      adjustmentOrders: [{ symbol: 'NVDA', orderType: 'BUY', shares: '10' }],
      pausedOrders: [paused],
    });
    const list = await within(orders).findByRole('list', { name: 'Paused orders' });
    expect(list).toHaveTextContent(
      'SELL 2 OLD paused: OLD moved -89.52% between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action. Its orders come back once an admin records the action or confirms the price.',
    );
    expect(within(orders).queryByRole('checkbox', { name: /OLD/ })).toBeNull();
    expect(await screen.findByRole('alert', { name: 'Price alerts' })).toHaveTextContent(
      /OLD moved -89\.52%/,
    );
  });

  it('says why there is nothing to execute when every order is paused', async () => {
    const orders = await open({ adjustmentOrders: [], pausedOrders: [paused] });
    expect(
      await within(orders).findByText('No orders to execute besides the paused ones below.'),
    ).toBeInTheDocument();
    expect(within(orders).getByRole('list', { name: 'Paused orders' })).toHaveTextContent(
      'SELL 2 OLD paused',
    );
  });

  it("lists the BUYs that needed a paused SELL's cash in one line naming it", async () => {
    const buy = (symbol: string, shares: string) => ({
      ...paused,
      symbol,
      orderType: 'BUY' as const,
      shares,
      reason: 'it needs the cash of the paused SELL of OLD',
    });
    const orders = await open({
      adjustmentOrders: [],
      pausedOrders: [paused, buy('NVDA', '1.5'), buy('AAPL', '0.25')],
    });
    const list = await within(orders).findByRole('list', { name: 'Paused orders' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent(
      'Also paused, as they need the cash of the paused SELL of OLD: BUY 1.5 NVDA, BUY 0.25 AAPL.',
    );
  });

  it('shows no paused list when nothing is paused', async () => {
    const orders = await open({ pausedOrders: [] });
    await within(orders).findByText(/Place these orders at your broker/);
    expect(within(orders).queryByRole('list', { name: 'Paused orders' })).toBeNull();
  });
});

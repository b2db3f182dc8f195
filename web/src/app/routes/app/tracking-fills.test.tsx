import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, openLots, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { tradeDateToday } from '@/features/tracking-detail/utils/fills-draft';
import { json, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const open = (...posts: MockResponse[]) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(200, trackingDetail()),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    'GET /api/trackings/trk-1/lots': json(200, openLots),
    'POST /api/trackings/trk-1/applyAdjustmentOrders': posts.length > 0 ? posts : json(200, {}),
  });
  return { api, app: renderApp('/tracking/VOO?id=trk-1') };
};

const POST = 'POST /api/trackings/trk-1/applyAdjustmentOrders';
const openDialog = async (app: ReturnType<typeof open>['app'], order: string) => {
  await screen.findByRole('region', { name: 'Suggested adjustment orders' });
  await app.user.click(screen.getByRole('button', { name: `Execute ${order}` }));
  return screen.getByRole('dialog', { name: 'Record the executed order' });
};

describe('Tracking detail: fills recorded from the screen (issue 32 item 4)', () => {
  it('records a BUY at the price and earlier date typed, after showing shares × price = amount', async () => {
    const { app, api } = open();
    const dialog = await openDialog(app, 'BUY NVDA');
    const price = within(dialog).getByRole('textbox', { name: 'Fill price of BUY 10 NVDA' });
    const date = within(dialog).getByLabelText('Trade date of BUY 10 NVDA');
    expect(price).toHaveValue('202.89');
    expect(date).toHaveValue(tradeDateToday());
    await app.user.clear(price);
    await app.user.type(price, '0');
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(price).toHaveAccessibleDescription(
      'Snapshot price $202.89 Enter the fill price, a number greater than 0',
    );
    expect(api.callsTo(POST)).toHaveLength(0);
    await app.user.clear(price);
    await app.user.type(price, '199.555');
    await app.user.clear(date);
    await app.user.type(date, '2025-11-03');
    // 10 × 199.555 = 1,995.55 exactly.
    expect(within(dialog).getByRole('region', { name: 'What will be recorded' })).toHaveTextContent(
      'BUY NVDA: 10 × $199.56 = $1,995.55, traded Nov 3, 2025Opens a lot dated Nov 3, 2025',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(POST)[0]?.body).toEqual({
      symbol: 'NVDA',
      shares: '10',
      orderType: 'BUY',
      price: '199.555',
      executedAt: '2025-11-03',
    });
  });

  it('refuses a trade date after today in New York', async () => {
    const { app, api } = open();
    const dialog = await openDialog(app, 'BUY NVDA');
    const date = within(dialog).getByLabelText('Trade date of BUY 10 NVDA');
    await app.user.clear(date);
    await app.user.type(date, '2999-01-01');
    await app.user.keyboard('{Enter}');
    expect(date).toHaveAccessibleDescription('The trade date cannot be in the future');
    expect(api.callsTo(POST)).toHaveLength(0);
  });

  it('sells the lots chosen, names the method otherwise, and shows a refusal beside the lots', async () => {
    const { app, api } = open(
      json(400, {
        message: "Lot l1 of OLD was acquired on 2025-03-04, after this sale's trade date 2025-03-01.",
      }),
      json(200, {}),
    );
    const dialog = await openDialog(app, 'SELL OLD');
    expect(await within(dialog).findAllByText('Lots chosen by HIFO')).toHaveLength(2);
    await app.user.click(within(dialog).getByRole('button', { name: 'Choose lots' }));
    const lots = within(dialog).getByRole('list', { name: 'Open lots of OLD' });
    // Lot l1 cost $40: 1 share at the $50 fill gains (50 − 40) × 1 = $10.00; l2 cost $50 gains $0.00.
    expect(within(lots).getAllByRole('listitem')[0]).toHaveTextContent(
      'AcquiredMar 4, 2025Shares1Cost per share$40.00Gain at fill+$10.00',
    );
    const fromFirst = within(dialog).getByRole('textbox', {
      name: 'Shares to sell from the lot of Mar 4, 2025',
    });
    await app.user.type(fromFirst, '1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(fromFirst).toHaveAccessibleDescription('The lots add up to 1 shares; the order sells 2');
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Shares to sell from the lot of Jun 10, 2025' }),
      '1',
    );
    expect(within(dialog).getByRole('region', { name: 'What will be recorded' })).toHaveTextContent(
      'Lots: 1 from the lot of Mar 4, 2025, gain +$10.00; 1 from the lot of Jun 10, 2025, gain $0.00',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    // The lot is named by its date, not its id, and the dates read as in a sentence.
    const readable =
      "The lot of Mar 4, 2025 of OLD was acquired on Mar 4, 2025, after this sale's trade date Mar 1, 2025.";
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(readable);
    expect(fromFirst).toHaveAccessibleDescription(readable);
    expect(api.callsTo(POST)[0]?.body).toEqual({
      symbol: 'OLD',
      shares: '2',
      orderType: 'SELL',
      price: '50',
      lots: [
        { lotId: 'l1', shares: '1' },
        { lotId: 'l2', shares: '1' },
      ],
    });
    // Nothing typed was lost; Escape closes without recording again.
    expect(fromFirst).toHaveValue('1');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(POST)).toHaveLength(1);
  });
});

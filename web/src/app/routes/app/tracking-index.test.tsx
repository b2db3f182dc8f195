import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyHistory, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json, type MockRequest, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const blend = {
  type: 'blend' as const,
  parts: [
    { symbol: 'VTI', weight: '70' },
    { symbol: 'QQQ', weight: '30' },
  ],
};
const detail = trackingDetail({ symbol: 'VTI', index: blend, revision: 7 });

const holding = (symbol: string, weight: string, sector: string) => ({
  symbol,
  weight,
  price: '100',
  sector,
  industry: null,
});
const basePreview = {
  index: blend,
  label: '70 % VTI + 30 % QQQ',
  holdings: [holding('AAPL', '6.5', 'Information Technology'), holding('JPM', '1.2', 'Financials')],
  sectors: [
    { sector: 'Information Technology', weight: '38.2' },
    { sector: 'Financials', weight: '11.4' },
  ],
  unpriced: [],
  unclassifiedWeight: '0',
  screens: [],
};
/** The list AAPL 40 / MSFT 60 for trk-1: a 97.25 % target rate, selling OLD and buying both stocks. */
const listPreview = {
  ...basePreview,
  index: {
    type: 'custom',
    holdings: [
      { symbol: 'AAPL', weight: '40' },
      { symbol: 'MSFT', weight: '60' },
    ],
  },
  label: 'My list (2 stocks)',
  tracking: {
    targetReplicationRate: '97.25',
    adjustmentOrders: [
      { symbol: 'OLD', orderType: 'SELL', shares: '2' },
      { symbol: 'AAPL', orderType: 'BUY', shares: '14' },
      { symbol: 'MSFT', orderType: 'BUY', shares: '11.5' },
    ],
  },
};

/** The blend's preview (with its current orders for the tracking), or the list's. */
const preview = (request: MockRequest) => {
  const { index, trackingId } = request.body as { index: { type: string }; trackingId?: string };
  if (index.type === 'custom') return json(200, listPreview);
  const orders = {
    targetReplicationRate: detail.targetReplicationRate,
    adjustmentOrders: detail.adjustmentOrders,
  };
  return json(200, trackingId ? { ...basePreview, tracking: orders } : basePreview);
};

const open = () => {
  setSession({ accessToken: makeAccessToken({ plan: 'PRO' }) });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(200, detail),
    'GET /api/history/trk-1': json(200, emptyHistory),
    'POST /api/indexes/preview': preview,
    'POST /api/trackings/trk-1/index': json(200, { ...detail, index: listPreview.index, revision: 8 }),
  });
  return { api, app: renderApp('/tracking/VTI?id=trk-1') };
};

describe('Tracking detail of a blend (issue 30)', () => {
  it("names the blend, not its first ETF, and shows the index's composition", async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: '70 % VTI + 30 % QQQ Tracking' }),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: '70 % VTI + 30 % QQQ' });
    expect(within(card).getByRole('list', { name: 'ETFs in the blend' })).toHaveTextContent(
      'VTI 70 %QQQ 30 %',
    );
    expect(screen.getByTestId('etf-share')).toHaveTextContent('of 70 % VTI + 30 % QQQ');
    expect(await screen.findByRole('figure', { name: 'Index composition' })).toBeInTheDocument();
  });

  it('shows the new target rate and the orders before saving, then saves with If-Match and an Idempotency-Key', async () => {
    const { app, api } = open();
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    await app.user.click(within(dashboard).getByRole('button', { name: 'Change index' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change index' });
    expect(within(dialog).getByRole('radio', { name: 'A blend of ETFs' })).toBeChecked();
    expect(within(dialog).getByTestId('weights-total')).toHaveTextContent('Total 100 %');
    expect(
      await within(dialog).findByText('This is the index the tracking follows now.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save new index' })).toBeDisabled();

    await app.user.click(within(dialog).getByRole('radio', { name: 'My own list' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: 'stock 1 symbol' }), 'AAPL');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'stock 1 weight (%)' }), '40');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add a stock' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: 'stock 2 symbol' }), 'MSFT');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'stock 2 weight (%)' }), '60');

    expect(await within(dialog).findByTestId('new-target-rate')).toHaveTextContent(
      'Target rate after all orders: 97.25% (now 41.79%).',
    );
    expect(
      within(within(dialog).getByTestId('implied-orders'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SELL 2 OLD', 'BUY 14 AAPL', 'BUY 11.5 MSFT']);
    const previewCall = api.callsTo('POST /api/indexes/preview').at(-1);
    expect(previewCall?.body).toEqual({ index: listPreview.index, trackingId: 'trk-1' });

    await app.user.click(within(dialog).getByRole('button', { name: 'Save new index' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [save] = api.callsTo('POST /api/trackings/trk-1/index');
    expect(save?.body).toEqual({ index: listPreview.index });
    expect(save?.headers.get('If-Match')).toBe('"r7"');
    expect(save?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

type Handler = MockResponse | ((request: MockRequest) => MockResponse);

const preview = (overrides: object = {}) => ({
  index: {},
  label: 'My list (3 stocks)',
  holdings: [
    { symbol: 'AAPL', weight: '50', price: '271.40', sector: 'Information Technology', industry: null },
    { symbol: 'MSFT', weight: '25', price: '500', sector: 'Information Technology', industry: null },
    { symbol: 'ZZZZQ', weight: '25', price: null, sector: null, industry: null },
  ],
  sectors: [{ sector: 'Information Technology', weight: '75' }],
  unpriced: [
    {
      symbol: 'ZZZZQ',
      weight: '25',
      reason: 'NOT_IN_MARKET_DATA',
      message: 'not in the market data: left out of the target',
    },
  ],
  unclassifiedWeight: '25',
  screens: [],
  ...overrides,
});

const open = (plan: string | undefined, routes: Record<string, Handler | Handler[]> = {}) => {
  setSession({ accessToken: makeAccessToken(plan ? { plan } : {}) });
  const api = mockApi({
    'GET /api/trackings/check-trackings-number': json(200, true),
    'POST /api/indexes/preview': json(200, preview()),
    'POST /api/trackings': json(200, { symbol: 'VTI', trackingId: 'trk-9' }),
    'GET /api/trackings/trk-9': json(404, { message: 'Tracking not found' }),
    ...routes,
  });
  return { app: renderApp('/newtracking'), api };
};

const total = () => screen.getByTestId('weights-total');
const createButton = () => screen.getByRole('button', { name: 'Create tracking' });

describe('New tracking: a blend of ETFs or an own list (issue 30)', () => {
  it('always shows the blend total and keeps Create disabled, with its reason, until it is 100 %', async () => {
    const { app, api } = open('PRO');
    await app.user.click(await screen.findByRole('radio', { name: 'A blend of ETFs' }));
    expect(total()).toHaveTextContent('Total 0 % — must be 100 %');
    await app.user.type(screen.getByRole('textbox', { name: 'ETF 1 symbol' }), 'vti');
    await app.user.type(screen.getByRole('textbox', { name: 'ETF 1 weight (%)' }), '70');
    await app.user.type(screen.getByRole('textbox', { name: 'ETF 2 symbol' }), 'QQQ');
    await app.user.type(screen.getByRole('textbox', { name: 'ETF 2 weight (%)' }), '20');
    expect(total()).toHaveTextContent('Total 90 % — must be 100 %');
    expect(createButton()).toBeDisabled();
    expect(createButton()).toHaveAccessibleDescription('The weights must add up to 100 %.');

    await app.user.click(screen.getByRole('button', { name: 'Add an ETF' }));
    await app.user.type(screen.getByRole('textbox', { name: 'ETF 3 symbol' }), 'IWM');
    await app.user.type(screen.getByRole('textbox', { name: 'ETF 3 weight (%)' }), '10');
    expect(total()).toHaveTextContent('Total 100 %');
    await app.user.click(screen.getByRole('button', { name: 'Remove ETF 3 (IWM)' }));
    expect(total()).toHaveTextContent('Total 90 % — must be 100 %');
    await app.user.clear(screen.getByRole('textbox', { name: 'ETF 2 weight (%)' }));
    await app.user.type(screen.getByRole('textbox', { name: 'ETF 2 weight (%)' }), '30');
    expect(total()).toHaveTextContent('Total 100 %');

    await app.user.type(screen.getByRole('textbox', { name: 'Investment amount (USD)' }), '20000');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await app.user.click(createButton());
    await waitFor(() => expect(app.location().pathname).toBe('/tracking/VTI'));
    expect(api.callsTo('POST /api/trackings')[0]?.body).toEqual({
      index: {
        type: 'blend',
        parts: [
          { symbol: 'VTI', weight: '70' },
          { symbol: 'QQQ', weight: '30' },
        ],
      },
      currentReplication: { targetInvestmentAmount: '20000', investments: [], leftoverAmount: '20000' },
    });
  });

  it('previews a pasted CSV: how many holdings were read and what was left out, with the reason', async () => {
    const { app, api } = open('GROWTH');
    await app.user.click(await screen.findByRole('radio', { name: 'My own list' }));
    await app.user.click(screen.getByRole('button', { name: 'Paste or upload a CSV' }));
    await app.user.click(screen.getByRole('textbox', { name: 'CSV (symbol,weight)' }));
    await app.user.paste('symbol,weight\nAAPL,50\nZZZZQ,25\nMSFT,25\n');
    const read = await screen.findByRole('region', { name: 'What was read' });
    expect(read).toHaveTextContent('My list (3 stocks): 3 holdings read, 2 with a price.');
    expect(within(read).getByRole('listitem')).toHaveTextContent(
      'ZZZZQ (25 %): not in the market data: left out of the target',
    );
    expect(api.callsTo('POST /api/indexes/preview').at(-1)?.body).toEqual({
      index: { type: 'custom', csv: 'symbol,weight\nAAPL,50\nZZZZQ,25\nMSFT,25\n' },
    });
    const side = screen.getByRole('complementary', { name: 'Index holdings' });
    expect(within(side).getAllByRole('row')[1]).toHaveTextContent('AAPL');
  });

  it('reads an uploaded CSV file into the box and previews it', async () => {
    const { app, api } = open('STARTER');
    await app.user.click(await screen.findByRole('radio', { name: 'My own list' }));
    await app.user.click(screen.getByRole('button', { name: 'Paste or upload a CSV' }));
    const file = new File(['AAPL,50\nMSFT,25\nZZZZQ,25\n'], 'my-list.csv', { type: 'text/csv' });
    await app.user.upload(screen.getByLabelText('Or upload a CSV file'), file);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'CSV (symbol,weight)' })).toHaveValue(
        'AAPL,50\nMSFT,25\nZZZZQ,25\n',
      ),
    );
    await screen.findByRole('region', { name: 'What was read' });
    expect(api.callsTo('POST /api/indexes/preview').at(-1)?.body).toEqual({
      index: { type: 'custom', csv: 'AAPL,50\nMSFT,25\nZZZZQ,25\n' },
    });
  });

  it("shows the server's 400 naming the row, and Create stays disabled", async () => {
    const { app } = open('PRO', {
      'POST /api/indexes/preview': json(400, { message: 'Row 2 (MSFT): the weight must be greater than 0' }),
    });
    await app.user.click(await screen.findByRole('radio', { name: 'My own list' }));
    await app.user.type(screen.getByRole('textbox', { name: 'stock 1 symbol' }), 'AAPL');
    await app.user.type(screen.getByRole('textbox', { name: 'stock 1 weight (%)' }), '50');
    expect(total()).toHaveTextContent('Total 50 % — scaled to 100 % when saved');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Row 2 (MSFT): the weight must be greater than 0',
    );
    expect(createButton()).toBeDisabled();
  });

  it('on Free says blends and lists need a paid plan, names the plan, and asks the server nothing', async () => {
    const { app, api } = open(undefined);
    await app.user.click(await screen.findByRole('radio', { name: 'A blend of ETFs' }));
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'Blends of ETFs and your own lists need a paid plan (Starter, Growth or Pro); your plan is Free.',
    );
    expect(within(note).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('textbox', { name: 'ETF 1 symbol' })).not.toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    expect(api.callsTo('POST /api/indexes/preview')).toHaveLength(0);
    // One ETF stays as it was.
    await app.user.click(screen.getByRole('radio', { name: 'One ETF' }));
    expect(screen.getByRole('combobox', { name: 'Search ETF' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const etfInfo = {
  symbol: 'VOO',
  name: 'Vanguard S&P 500 ETF',
  etfCompany: 'Vanguard',
  description: 'Tracks the S&P 500.',
  website: 'https://investor.vanguard.com',
  assetClass: 'Equity',
  domicile: 'US',
  expenseRatio: 0.03,
  inceptionDate: '2010-09-07',
  isin: null,
  holdingsCount: 503,
  holdingsAvailable: true,
  holdingsNote: null,
  asOf: { facts: null, holdings: null, holdingsDateKind: null, pricesFrom: null, pricesTo: null },
  sectorsList: [{ industry: 'Information Technology', exposure: 35.2 }],
};
const holding = (asset: string, weightPercentage: string, price: string) => ({
  asset,
  name: `${asset} Inc.`,
  isin: null,
  cusip: null,
  sharesNumber: null,
  weightPercentage,
  price,
  marketValue: null,
  updated: null,
  isAvailable: true,
});
const holdings = [
  holding('NVDA', '8.46', '202.89'),
  holding('AAPL', '7.1', '271.40'),
  holding('MSFT', '6.2', '500.00'),
  holding('AMZN', '4', '220.00'),
  holding('AVGO', '3', '350.00'),
];
const replicated = {
  symbol: 'VOO',
  targetInvestmentAmount: '10000.00',
  investments: [{ symbol: 'NVDA', numberOfShares: '10', amountInvested: '2028.90' }],
  leftoverAmount: '7971.10',
  replicationRate: '35.5',
  etfReplicationRate: '12',
  etfCoverage: '28.76',
  excluded: [],
  numberOfWeightings: 5,
  snapshotAsOf: '2025-11-19',
};

const replicable = { replicable: true, unavailableReason: null };
/** What the autocomplete knows: ETFs it can replicate first, then the rest with their reason (issue 15). */
const universe = [
  { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', ...replicable },
  { symbol: 'VOOG', name: 'Vanguard S&P 500 Growth ETF', ...replicable },
  { symbol: 'QQQ', name: 'Invesco QQQ Trust', ...replicable },
  {
    symbol: 'QQA',
    name: 'Invesco QQQ Income Advantage ETF',
    replicable: false,
    unavailableReason: 'Not an ETF we have data for',
  },
  {
    symbol: 'LEAD',
    name: 'Siren DIVCON Leaders Dividend ETF',
    replicable: false,
    unavailableReason: 'No holdings list for this ETF in our market data yet',
  },
];
const autocomplete = (request: MockRequest): MockResponse =>
  json(
    200,
    universe.filter((item) =>
      item.symbol.startsWith((request.url.searchParams.get('query') ?? '').toUpperCase()),
    ),
  );

type Handler = MockResponse | ((request: MockRequest) => MockResponse);
const open = (url: string, routes: Record<string, Handler | Handler[]> = {}) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings),
    'GET /api/stock/autocomplete': autocomplete,
    'GET /api/trackings/check-trackings-number': json(200, true),
    'GET /api/replication/replicate': json(200, replicated),
    'POST /api/trackings': json(200, { symbol: 'VOO', trackingId: 'trk-1' }),
    'GET /api/trackings/trk-1': json(404, { message: 'Tracking not found' }),
    ...routes,
  });
  const app = renderApp(url);
  return { app, api };
};

const amountField = () => screen.getByRole('textbox', { name: 'Investment amount (USD)' });
const replicateButton = () => screen.getByRole('button', { name: 'Replicate ETF' });
const toastText = (text: string) => screen.findByText(text, {}, { timeout: 10_000 });

describe('New tracking wizard', () => {
  it('moves through the three steps and explains what is missing', async () => {
    const { app } = open('/newtracking');
    await screen.findByRole('heading', { level: 1, name: 'New Tracking' });
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(within(steps).getByText('Pick an ETF').closest('li')).toHaveAttribute('aria-current', 'step');
    await app.user.click(replicateButton());
    expect(screen.getByText('Please select an ETF symbol')).toBeInTheDocument();

    await app.user.type(screen.getByRole('combobox', { name: 'Search ETF' }), 'VO');
    const listbox = await screen.findByRole('listbox', { name: 'ETF suggestions' });
    await app.user.click(within(listbox).getByRole('option', { name: /VOO Vanguard S&P 500 ETF/ }));
    expect(within(steps).getByText('Set Amount').closest('li')).toHaveAttribute('aria-current', 'step');
    await app.user.click(replicateButton());
    expect(screen.getByText('Please enter a valid investment amount')).toBeInTheDocument();

    await app.user.type(amountField(), '0');
    expect(within(steps).getByText('Set Amount').closest('li')).toHaveAttribute('aria-current', 'step');
    await app.user.clear(amountField());
    await app.user.type(amountField(), '10000');
    expect(amountField()).toHaveValue('10,000');
    expect(within(steps).getByText('Replicate').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('searches 500 ms after the last keystroke and is driven by the keyboard', async () => {
    const { app, api } = open('/newtracking');
    const search = await screen.findByRole('combobox', { name: 'Search ETF' });
    // Keystrokes with no timer turn between them, as a fast typist's: a stalled machine cannot space them out.
    await userEvent.setup({ delay: null }).type(search, 'VOO');
    await screen.findByRole('option', { name: /VOOG/ });
    const calls = api.callsTo('GET /api/stock/autocomplete');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('query')).toBe('VOO');

    await app.user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /VOOG/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', second.id);
    await app.user.keyboard('{ArrowUp}{Enter}');
    expect(search).toHaveValue('VOO');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Selected ETF' })).toHaveTextContent('Vanguard S&P 500 ETF');
  });

  it('checks the tracking count first, then replicates, saves and opens the tracking with its id', async () => {
    const { app, api } = open('/newtracking/VOO');
    await screen.findByRole('group', { name: 'Selected ETF' });
    await app.user.type(amountField(), '10000');
    await app.user.click(replicateButton());
    await toastText('Tracking saved successfully');
    await waitFor(() => expect(app.location().pathname).toBe('/tracking/VOO'));
    expect(app.location().search).toBe('?id=trk-1');
    expect(app.location().state).toEqual({ trackingId: 'trk-1' });
    const replicate = api.callsTo('GET /api/replication/replicate')[0];
    expect(replicate?.url.searchParams.get('etfSymbol')).toBe('VOO');
    expect(replicate?.url.searchParams.get('investmentAmount')).toBe('10000');
    const [save] = api.callsTo('POST /api/trackings');
    expect(save?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(save?.body).toEqual({
      symbol: 'VOO',
      currentReplication: { targetInvestmentAmount: '10000.00', investments: [], leftoverAmount: '10000.00' },
      targetReplication: { investments: replicated.investments, leftoverAmount: '7971.10' },
    });
  });

  it('says why nothing can be bought for $1 instead of saving an empty tracking (issue 15)', async () => {
    const { app, api } = open('/newtracking/VOO', {
      'GET /api/replication/replicate': json(200, {
        ...replicated,
        targetInvestmentAmount: '1.00',
        investments: [],
        leftoverAmount: '1.00',
        replicationRate: '0',
      }),
    });
    await screen.findByRole('group', { name: 'Selected ETF' });
    await app.user.type(amountField(), '1');
    await app.user.click(replicateButton());
    await waitFor(() =>
      expect(amountField()).toHaveAccessibleDescription(
        '$1.00 does not buy a single share of the VOO holdings you follow. Enter a larger amount.',
      ),
    );
    expect(api.callsTo('POST /api/trackings')).toHaveLength(0);
    expect(app.location().pathname).toBe('/newtracking/VOO');
  });

  it('stops with the plan toast when no more trackings are allowed', async () => {
    const { app, api } = open('/newtracking/VOO', {
      'GET /api/trackings/check-trackings-number': json(200, false),
    });
    await app.user.type(await screen.findByRole('textbox', { name: 'Investment amount (USD)' }), '500');
    await app.user.click(replicateButton());
    await toastText('Purchase a premium plan to unlock more trackings or upgrade your current plan');
    expect(api.callsTo('GET /api/replication/replicate')).toHaveLength(0);
  });

  it('says when the tracking-count check fails', async () => {
    const { app } = open('/newtracking/VOO', { 'GET /api/trackings/check-trackings-number': json(500, {}) });
    await app.user.type(await screen.findByRole('textbox', { name: 'Investment amount (USD)' }), '500');
    await app.user.click(replicateButton());
    await toastText('An error occurred while checking your tracking number');
  });

  it('greys out what it cannot replicate, with the reason, and never picks it (issue 15)', async () => {
    const { app } = open('/newtracking');
    const search = await screen.findByRole('combobox', { name: 'Search ETF' });
    await app.user.type(search, 'Q');
    const listbox = await screen.findByRole('listbox', { name: 'ETF suggestions' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-disabled'))).toEqual([null, 'true']);
    expect(options[1]).toHaveTextContent('QQA Invesco QQQ Income Advantage ETFNot an ETF we have data for');

    await app.user.click(options[1] as HTMLElement);
    expect(screen.queryByRole('group', { name: 'Selected ETF' })).not.toBeInTheDocument();
    await app.user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await app.user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[1]).toHaveAttribute('aria-selected', 'false');
    await app.user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Selected ETF' })).toHaveTextContent('QQQ');
    expect(replicateButton()).toBeEnabled();
  });

  it.each([
    ['QQA', 'Not an ETF we have data for'],
    ['LEAD', 'No holdings list for this ETF in our market data yet'],
    ['NOPE', 'Not an ETF we have data for'],
  ])(
    'disables Replicate for /newtracking/%s and says why instead of a 404 or 422 toast (issue 15)',
    async (symbol, reason) => {
      const { app, api } = open(`/newtracking/${symbol}`);
      const message = `${symbol} cannot be replicated: ${reason}. Pick an ETF from the suggestions.`;
      await waitFor(() => expect(replicateButton()).toBeDisabled());
      expect(replicateButton()).toHaveAccessibleDescription(message);
      expect(screen.getByRole('group', { name: 'Selected ETF' })).toHaveTextContent(message);
      await app.user.type(amountField(), '500{Enter}');
      expect(api.callsTo('GET /api/trackings/check-trackings-number')).toHaveLength(0);
      expect(api.callsTo('GET /api/replication/replicate')).toHaveLength(0);
    },
  );

  it("shows the server's replicate message, and the save failure text", async () => {
    const first = open('/newtracking/VOO', {
      'GET /api/replication/replicate': json(422, { message: 'Holdings of VOO are unavailable.' }),
    });
    await first.app.user.type(await screen.findByRole('textbox', { name: 'Investment amount (USD)' }), '500');
    await first.app.user.click(replicateButton());
    await toastText('Holdings of VOO are unavailable.');
    first.app.unmount();

    const second = open('/newtracking/VOO', { 'POST /api/trackings': json(500, {}) });
    await second.app.user.type(
      await screen.findByRole('textbox', { name: 'Investment amount (USD)' }),
      '500',
    );
    await second.app.user.click(replicateButton());
    await toastText('Error saving tracking');
    expect(second.app.location().pathname).toBe('/newtracking/VOO');
  });

  it("shows the ETF's holdings beside the form, five for a free plan with blurred rows after them", async () => {
    open('/newtracking/VOO');
    const panel = await screen.findByRole('complementary', { name: 'ETF holdings' });
    const table = await within(panel).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(panel.querySelectorAll('[data-placeholder]')).toHaveLength(5);
    expect(within(panel).getByText('The Free plan shows the top 5 of 503 holdings.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

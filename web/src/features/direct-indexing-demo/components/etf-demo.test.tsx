import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

const holding = (asset: string, name: string, weightPercentage: string) => ({
  asset,
  name,
  isin: null,
  cusip: null,
  sharesNumber: null,
  weightPercentage,
  price: '100',
  marketValue: null,
  updated: null,
  isAvailable: true,
});

const info = (symbol: string, name: string, sectorsList: Array<{ industry: string; exposure: string }>) => ({
  symbol,
  name,
  etfCompany: null,
  description: null,
  website: null,
  assetClass: null,
  domicile: null,
  expenseRatio: 0.2,
  inceptionDate: null,
  isin: null,
  holdingsCount: 100,
  holdingsAvailable: true,
  holdingsNote: null,
  asOf: { facts: null, holdings: null, holdingsDateKind: null, pricesFrom: null, pricesTo: null },
  sectorsList,
});

const qqqHoldings = json(200, [
  holding('NVDA', 'NVIDIA Corp', '9.507'),
  holding('MSFT', 'Microsoft Corp', '8.347'),
  holding('AAPL', 'Apple Inc', '8.324'),
]);
const qqqInfo = json(
  200,
  info('QQQ', 'Invesco QQQ Trust', [
    { industry: 'Information Technology', exposure: '52.1' },
    { industry: 'Communication Services', exposure: '16.05' },
    { industry: 'Consumer Discretionary', exposure: '13.4' },
  ]),
);

const openDemo = async (routes: Record<string, MockResponse | MockResponse[]>) => {
  setSession();
  const api = mockApi(routes);
  const app = renderApp('/scan');
  const input = await screen.findByRole('combobox', { name: 'ETF ticker' });
  return { ...app, api, input };
};

const result = () => screen.queryByRole('heading', { level: 3, name: /QQQ|SPY/ });

describe('Try It Yourself demo', () => {
  it('forces upper case and asks for suggestions once typing pauses', async () => {
    const { user, input, api } = await openDemo({
      'GET /api/details/autocomplete-free': json(200, [{ symbol: 'QQQ' }, { symbol: 'QUAL' }]),
    });
    // Keystrokes with no timer turn between them, as a fast typist's: a stalled machine cannot space them out.
    await userEvent.setup({ delay: null }).type(input, 'qq');
    expect(input).toHaveValue('QQ');
    const listbox = await screen.findByRole('listbox', { name: 'Suggested ETFs' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['QQQ', 'QUAL']);
    const calls = api.callsTo('GET /api/details/autocomplete-free');
    expect(calls.map((call) => call.url.searchParams.get('query'))).toEqual(['QQ']);
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.clear(input);
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument());
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo('GET /api/details/autocomplete-free')).toHaveLength(1);
  });

  it('analyses a suggestion picked with the keyboard: top 3 holdings and top 3 sectors', async () => {
    const { user, input, api } = await openDemo({
      'GET /api/details/autocomplete-free': json(200, [{ symbol: 'QQQ' }]),
      'GET /api/details/etf-holdings-free': qqqHoldings,
      'GET /api/details/etf-info-free': qqqInfo,
    });
    await user.type(input, 'q');
    await screen.findByRole('option', { name: 'QQQ' });
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'QQQ' }).id);
    await user.keyboard('{Enter}');

    expect(
      await screen.findByRole('heading', { level: 3, name: 'QQQ · Invesco QQQ Trust' }),
    ).toBeInTheDocument();
    const holdings = screen.getByRole('list', { name: 'Top holdings of QQQ' });
    expect(
      within(holdings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NVDANVIDIA Corp9.51%', 'MSFTMicrosoft Corp8.35%', 'AAPLApple Inc8.32%']);
    const sectors = screen.getByRole('list', { name: 'Top sectors of QQQ' });
    expect(
      within(sectors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Information Technology52.10%',
      'Communication Services16.05%',
      'Consumer Discretionary13.40%',
    ]);
    expect(input).toHaveValue('QQQ');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const [holdingsCall] = api.callsTo('GET /api/details/etf-holdings-free');
    expect(holdingsCall?.url.searchParams.get('etfSymbol')).toBe('QQQ');
  });

  it('says plainly when the data has no sector breakdown', async () => {
    const { user, input } = await openDemo({
      'GET /api/details/autocomplete-free': json(200, []),
      'GET /api/details/etf-holdings-free': qqqHoldings,
      'GET /api/details/etf-info-free': json(200, info('SPY', 'SPDR S&P 500 ETF Trust', [])),
    });
    await user.type(input, 'spy');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(
      await screen.findByText('No sector breakdown is available for SPY in our data yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top sectors of SPY' })).not.toBeInTheDocument();
  });

  it('hides the result without a message when an analysis fails', async () => {
    const { user, input, api } = await openDemo({
      'GET /api/details/autocomplete-free': json(200, []),
      'GET /api/details/etf-holdings-free': [qqqHoldings, json(429, { message: 'Too many demo requests.' })],
      'GET /api/details/etf-info-free': [qqqInfo, json(200, info('SPY', 'SPDR S&P 500 ETF Trust', []))],
    });
    await user.type(input, 'qqq');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'QQQ · Invesco QQQ Trust' }),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'spy{Enter}');
    await waitFor(() => expect(api.callsTo('GET /api/details/etf-holdings-free')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(result()).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears the suggestions silently when autocomplete fails', async () => {
    const { user, input, api } = await openDemo({
      'GET /api/details/autocomplete-free': json(500, { message: 'boom' }),
    });
    await user.type(input, 'v');
    await waitFor(() => expect(api.callsTo('GET /api/details/autocomplete-free')).toHaveLength(1));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo } from '@/features/etfs/testing/etf-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const quote = (symbol: string, price: string | null) => ({
  symbol,
  name: symbol,
  price,
  priceAsOf: '2026-07-13',
  priceSource: 'daily-close',
});

/** Without stock routes the quotes fail, and the tape stays hidden. */
const open = () => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/etf/etf-recommended-list': json(200, [
      { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', replicable: true, unavailableReason: null },
      { symbol: 'QQQ', name: 'Invesco QQQ Trust, Series 1', replicable: true, unavailableReason: null },
    ]),
    'GET /api/etf/etf-info': json(200, etfInfo),
  });
  return { api, app: renderApp('/') };
};

describe('Recommended ETFs', () => {
  it('shows the title, the ticker tape of the snapshot prices and a card per ETF', async () => {
    setSession({ accessToken: makeAccessToken() });
    const prices: Record<string, string | null> = { VOO: '634.12', QQQ: '601.5', LEAD: null };
    const api = mockApi({
      'GET /api/etf/etf-recommended-list': json(200, [
        { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', replicable: true, unavailableReason: null },
        { symbol: 'QQQ', name: 'Invesco QQQ Trust, Series 1', replicable: true, unavailableReason: null },
      ]),
      ...Object.fromEntries(
        ['VOO', 'SPY', 'LEAD', 'QQQ', 'IVV', 'VTI', 'IWM', 'DIA', 'MTUM', 'VUG', 'QUAL'].map((symbol) => [
          `GET /api/stock/${symbol}`,
          json(200, quote(symbol, prices[symbol] === undefined ? '100' : (prices[symbol] ?? null))),
        ]),
      ),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Recommended ETFs' });
    const tape = await screen.findByRole('region', { name: 'Ticker tape' });
    const [visible] = within(tape).getAllByRole('list');
    expect(within(visible as HTMLElement).getAllByRole('listitem')).toHaveLength(10);
    expect(visible).toHaveTextContent('VOO$634.12');
    expect(visible).not.toHaveTextContent('LEAD');
    // Issue 32: the tape's prices are dated in words, by their closes.
    expect(within(tape).getByTestId('prices-as-of')).toHaveTextContent(/^Prices as of Jul 13, 2026\.$/);
    expect(await screen.findByRole('heading', { level: 2, name: 'VOO' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Replicate QQQ' })).toHaveAttribute('href', '/newtracking/QQQ');
    expect(api.callsTo('GET /api/etf/etf-recommended-list')[0]?.url.searchParams.get('etfSymbol')).toBe(
      'VOO,SPY,LEAD,QQQ,IVV,VTI,IWM,DIA,MTUM,VUG,QUAL',
    );
  });

  it('opens the Details modal with the ETF info, Replicate ETF and Close', async () => {
    const { app } = open();
    await app.user.click(await screen.findByRole('button', { name: 'Details VOO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vanguard S&P 500 ETF (VOO)' });
    await within(dialog).findByText('Tracks the S&P 500.');
    expect(within(dialog).getByText('0.03%')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Replicate ETF' })).toHaveAttribute(
      'href',
      '/newtracking/VOO',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no Replicate for an ETF our data cannot replicate, and says why (issue 32: LEAD)', async () => {
    setSession({ accessToken: makeAccessToken() });
    const reason = 'No holdings list for this ETF in our market data yet';
    mockApi({
      'GET /api/etf/etf-recommended-list': json(200, [
        { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', replicable: true, unavailableReason: null },
        {
          symbol: 'LEAD',
          name: 'Siren DIVCON Leaders Dividend ETF',
          replicable: false,
          unavailableReason: reason,
        },
      ]),
      'GET /api/etf/etf-info': json(200, { ...etfInfo, symbol: 'LEAD', holdingsAvailable: false }),
    });
    const app = renderApp('/');
    const card = (await screen.findByRole('heading', { level: 2, name: 'LEAD' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByText(`${reason}, so it cannot be replicated.`)).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Replicate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Replicate VOO' })).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Details LEAD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Siren DIVCON Leaders Dividend ETF (LEAD)' });
    expect(within(dialog).queryByRole('link', { name: 'Replicate ETF' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

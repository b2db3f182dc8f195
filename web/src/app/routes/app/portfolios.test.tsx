import { portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  budgetedTrackings,
  noTrackings,
  oneTracking,
  twoTrackings,
} from '@/features/portfolios/testing/portfolio-fixtures';
import { json, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const GET = 'GET /api/portfolio';
const POST = 'POST /api/portfolio/orders';

const open = (
  portfolio: MockResponse | MockResponse[] = json(200, twoTrackings()),
  post?: MockResponse | MockResponse[],
) => {
  setSession({ accessToken: makeAccessToken({ plan: 'PRO' }) });
  const api = mockApi({
    [GET]: portfolio,
    ...(post ? { [POST]: post } : {}),
    'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken({ plan: 'PRO' }) }),
  });
  return { api, app: renderApp('/portfolios') };
};

const holdingsRegion = () => screen.findByRole('region', { name: 'Holdings' });
const rowSymbols = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-holding'));

describe('/portfolios (issue 29 item 5)', () => {
  it('shows the summary, each stock once with the trackings that hold it, the overlap and the gains', async () => {
    open();
    const cards = await screen.findByLabelText('Portfolio summary');
    // Market value 7,200 invested + 2,800 cash = $10,000.00; the rate 91.456 rounds half-up to 91.46%.
    expect(cards).toHaveTextContent(
      'Trackings2Market value$10,000.00Target $10,000.00Invested$7,200.00Cash$2,800.00Replication rate91.46%Against the combined target',
    );
    expect(screen.getByTestId('prices-as-of')).toHaveTextContent('Prices as of Nov 20 – Nov 24, 2026.');
    const strip = screen.getByRole('list', { name: 'Trackings in this portfolio' });
    expect(within(strip).getByRole('link', { name: /^QQQ/ })).toHaveAttribute(
      'href',
      '/tracking/QQQ?id=trk-qqq',
    );
    expect(within(strip).getByRole('link', { name: /^VOO/ })).toHaveTextContent(
      'VOO$6,000.00cash $1,880.0088.10%',
    );
    const holdings = await holdingsRegion();
    const aapl = within(holdings).getByRole('row', { name: /^AAPL/ });
    // AAPL once: 10 shares ($2,700.00, 37.50%), of which VOO 6 ($1,620.00) and QQQ 4 ($1,080.00).
    expect(aapl).toHaveTextContent(
      'AAPLApple Inc.10$2,700.0037.50%target 40.00%40.00%VOO: 6 shares · $1,620.00 (target 7)QQQ: 4 shares · $1,080.00 (target 5)',
    );
    const overlap = screen.getByRole('region', { name: 'Overlap between trackings' });
    expect(within(overlap).getByRole('table')).toHaveTextContent('VOOQQQVOO100.00%41.25%QQQ41.25%100.00%');
    expect(within(overlap).getByRole('list', { name: 'Overlap by pair' })).toHaveTextContent(
      'VOO and QQQ: 41.25% in common, mostly AAPL (7.10%), MSFT (6.30%)',
    );
    const gains = screen.getByRole('region', { name: 'Gains' });
    expect(gains).toHaveTextContent('Short term+$310.25Long term-$45.50Total+$264.75');
    expect(gains).toHaveTextContent('1 lot has no known cost or date and is left out.');
    expect(within(gains).getByRole('row', { name: /^2025/ })).toHaveTextContent(
      '2025-$80.40+$200.00+$119.60$0.00',
    );
    expect(screen.getByRole('figure', { name: 'Top holdings vs target' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Sectors held vs target' })).toBeInTheDocument();
  });

  it('sorts by a column header (and back) and finds holdings by symbol or name', async () => {
    const { app } = open();
    const holdings = await holdingsRegion();
    expect(rowSymbols(holdings)).toEqual(['AAPL', 'MSFT', 'NVDA', 'XOM', 'JPM']);
    const targetHeader = within(holdings).getByRole('button', { name: 'Target weight' });
    await app.user.click(targetHeader);
    // Largest target weight first: 40, 30, 25, 5, 0.
    expect(rowSymbols(holdings)).toEqual(['AAPL', 'NVDA', 'MSFT', 'JPM', 'XOM']);
    expect(within(holdings).getByRole('columnheader', { name: 'Target weight' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await app.user.click(targetHeader);
    expect(rowSymbols(holdings)).toEqual(['XOM', 'JPM', 'MSFT', 'NVDA', 'AAPL']);
    await app.user.click(within(holdings).getByRole('button', { name: 'Symbol' }));
    expect(rowSymbols(holdings)).toEqual(['AAPL', 'JPM', 'MSFT', 'NVDA', 'XOM']);
    await app.user.type(within(holdings).getByRole('searchbox', { name: 'Search holdings' }), 'corp');
    expect(rowSymbols(holdings)).toEqual(['MSFT', 'NVDA', 'XOM']);
    expect(holdings).toHaveTextContent('3 of 5 stocks match "corp"');
  });

  it('records the selected netted orders in one request with If-Match and an Idempotency-Key', async () => {
    const after = twoTrackings({
      revision: '13',
      orders: [],
      saving: { ordersBefore: 0, ordersAfter: 0, tradedBefore: '0', tradedAfter: '0' },
    });
    const { app, api } = open(
      [json(200, twoTrackings()), json(200, after)],
      json(200, {
        portfolio: after,
        recorded: [
          { trackingId: 'trk-voo', orders: 2 },
          { trackingId: 'trk-qqq', orders: 1 },
        ],
      }),
    );
    const orders = await screen.findByRole('region', { name: 'Orders for your broker' });
    // 4 orders one by one, 3 netted; 2,350.00 − 1,270.00 = 1,080.00 not traded.
    expect(within(orders).getByTestId('netting-saving')).toHaveTextContent(
      'Netting saves 1 order and $1,080.00 of trading: 4 orders for $2,350.00 one tracking at a time, 3 for $1,270.00 netted.',
    );
    expect(orders.querySelector('[data-order="AAPL"]')).toHaveTextContent(
      'BUYAAPL1 shareVOO BUY 3 · QQQ SELL 2about ≈ $270.00',
    );
    await app.user.click(within(orders).getByRole('checkbox', { name: 'Select all' }));
    await app.user.click(within(orders).getByRole('checkbox', { name: 'Select SELL 5 XOM' }));
    await app.user.click(within(orders).getByRole('button', { name: 'Record selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Record 2 executed orders' });
    const aaplPrice = within(dialog).getByRole('textbox', { name: 'Fill price of BUY 1 AAPL' });
    expect(aaplPrice).toHaveValue('270.00');
    await app.user.clear(aaplPrice);
    await app.user.type(aaplPrice, '0');
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(aaplPrice).toHaveAccessibleDescription(/Enter the fill price, a number greater than 0/);
    expect(api.callsTo(POST)).toHaveLength(0);
    await app.user.clear(aaplPrice);
    await app.user.type(aaplPrice, '269.555');
    const nvdaDate = within(dialog).getByLabelText('Trade date of BUY 2.5 NVDA');
    await app.user.clear(nvdaDate);
    await app.user.type(nvdaDate, '2026-11-20');
    // 1 × 269.555 = 269.555, shown half-up as $269.56.
    expect(within(dialog).getByText(/1 × \$269\.56 = \$269\.56/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    const call = api.callsTo(POST)[0];
    // The typed price goes as typed; the latest price of NVDA as is; today's date is left to the API.
    expect(call?.body).toEqual({
      orders: [
        { symbol: 'AAPL', orderType: 'BUY', shares: '1', price: '269.555' },
        { symbol: 'NVDA', orderType: 'BUY', shares: '2.5', price: '200', executedAt: '2026-11-20' },
      ],
    });
    expect(call?.headers.get('If-Match')).toBe('"p12"');
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Recorded 2 orders in 2 trackings')).toBeInTheDocument();
    expect(
      await within(orders).findByText('No orders: every tracking matches its target.'),
    ).toBeInTheDocument();
  });

  it('on 409 says the portfolio changed elsewhere, records nothing more and shows the portfolio as it is now', async () => {
    const now = twoTrackings({ revision: '14', orders: twoTrackings().orders.slice(1) });
    const { app, api } = open(
      [json(200, twoTrackings()), json(200, now)],
      json(409, { message: portfolioMessages.changedElsewhere }),
    );
    const orders = await screen.findByRole('region', { name: 'Orders for your broker' });
    await app.user.click(within(orders).getByRole('checkbox', { name: 'Select BUY 1 AAPL' }));
    await app.user.click(within(orders).getByRole('button', { name: 'Record selected (1)' }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Record' }));
    expect(await within(orders).findByRole('alert')).toHaveTextContent(portfolioMessages.changedElsewhere);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(GET)).toHaveLength(2));
    await waitFor(() => expect(orders.querySelector('[data-order="AAPL"]')).toBeNull());
    // The AAPL selected before is gone from the list: nothing is selected any more.
    expect(within(orders).getByRole('button', { name: 'Record selected (0)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(api.callsTo(POST)).toHaveLength(1);
  });

  it('explains before any click that recording netted orders needs a paid plan, and still offers the export', async () => {
    const { app, api } = open(json(200, twoTrackings({ canExecuteNetted: false })));
    const orders = await screen.findByRole('region', { name: 'Orders for your broker' });
    const button = within(orders).getByRole('button', { name: 'Record selected (0)' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(/Recording netted orders needs a paid plan/);
    expect(within(orders).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    expect(within(orders).getByRole('checkbox', { name: 'Select BUY 1 AAPL' })).toBeDisabled();
    await app.user.click(button);
    expect(api.callsTo(POST)).toHaveLength(0);
    expect(within(orders).getByRole('button', { name: 'Download orders CSV' })).toBeEnabled();
  });

  it('says a refused 403 needs a paid plan', async () => {
    const { app } = open(json(200, twoTrackings()), json(403, { message: 'Forbidden' }));
    const orders = await screen.findByRole('region', { name: 'Orders for your broker' });
    await app.user.click(within(orders).getByRole('checkbox', { name: 'Select BUY 1 AAPL' }));
    await app.user.click(within(orders).getByRole('button', { name: 'Record selected (1)' }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Record' }));
    expect(await within(orders).findByRole('alert')).toHaveTextContent(portfolioMessages.paidPlanOnly);
  });

  it('keeps what was typed and shows the refusal in the dialog when the API refuses an order (400)', async () => {
    const { app, api } = open(
      json(200, twoTrackings()),
      json(400, { message: portfolioMessages.tooMany('AAPL') }),
    );
    const orders = await screen.findByRole('region', { name: 'Orders for your broker' });
    await app.user.click(within(orders).getByRole('checkbox', { name: 'Select BUY 1 AAPL' }));
    await app.user.click(within(orders).getByRole('button', { name: 'Record selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Record the executed order' });
    const price = within(dialog).getByRole('textbox', { name: 'Fill price of BUY 1 AAPL' });
    await app.user.clear(price);
    await app.user.type(price, '268{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot record more AAPL than the netted order. Nothing was recorded.',
    );
    expect(price).toHaveValue('268');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(POST)).toHaveLength(1);
  });

  it("says which trackings' orders respect their gains budget, and the lots a budgeted SELL closes", async () => {
    open(json(200, budgetedTrackings()));
    const orders = await screen.findByRole('region', { name: 'Orders for your broker' });
    const notes = within(orders).getByRole('list', { name: 'Gains budgets' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "VOO: The orders keep 2026's net realised gain within the gains budget ($0.00): they realise a net loss of $150.00.",
      "QQQ: The gains budget is for 2025: today's orders do not use it.",
    ]);
    const xom = within(orders)
      .getByRole('checkbox', { name: 'Select SELL 5 XOM' })
      .closest('li') as HTMLElement;
    expect(xom).toHaveTextContent('VOO sells these lots (specific identification):');
    expect(xom).toHaveTextContent('5 sh bought Sep 1, 2026 at $130.00 — short-term, -$150.00');
    const aapl = within(orders)
      .getByRole('checkbox', { name: 'Select BUY 1 AAPL' })
      .closest('li') as HTMLElement;
    expect(aapl).not.toHaveTextContent('sells these lots');
  });

  it('without trackings, links to a new tracking instead of showing empty tables', async () => {
    open(json(200, noTrackings()));
    expect(await screen.findByRole('heading', { name: 'No trackings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Tracking' })).toHaveAttribute('href', '/newtracking');
    expect(screen.queryByRole('region', { name: 'Holdings' })).not.toBeInTheDocument();
  });

  it('with one tracking, works and says that overlap needs two', async () => {
    open(json(200, oneTracking()));
    const overlap = await screen.findByRole('region', { name: 'Overlap between trackings' });
    expect(overlap).toHaveTextContent(
      'Overlap compares two trackings: add a second tracking to see what they have in common.',
    );
    expect(within(overlap).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('netting-saving')).toHaveTextContent(
      "Your trackings' orders do not offset each other today: netting saves nothing.",
    );
    expect(screen.getByRole('region', { name: 'Holdings' })).toHaveTextContent('4 stocks');
  });

  it('says when the portfolio cannot be loaded and tries again on request', async () => {
    const { app, api } = open([json(500, { message: 'boom' }), json(200, twoTrackings())]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your portfolio could not be loaded. Try again');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await holdingsRegion()).toBeInTheDocument();
    expect(api.callsTo(GET)).toHaveLength(2);
  });
});

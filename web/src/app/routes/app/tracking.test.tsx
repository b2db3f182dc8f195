import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, openLots, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

type Routes = Parameters<typeof mockApi>[0];

const open = (routes: Routes = {}, url = '/tracking/VOO?id=trk-1') => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(200, trackingDetail()),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    'GET /api/trackings/trk-1/lots': json(200, openLots),
    ...routes,
  });
  return { api, app: renderApp(url) };
};

const ordersSection = async () => screen.findByRole('region', { name: 'Suggested adjustment orders' });
const sharesOf = (name: string) => screen.getByRole('textbox', { name: `Shares to ${name}` });

describe('Tracking detail', () => {
  it('leads the dashboard with the share of the ETF held and its quality, then the reachable rate, leftover band and allocation message', async () => {
    open({
      'GET /api/trackings/trk-1': json(
        200,
        trackingDetail({ replicationRate: '99.07', etfReplicationRate: '29.3' }),
      ),
    });
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    // Issue 32: a 5-stock tracking reads as the 29 % of VOO it holds, not as "99.07 % Excellent".
    const terms = within(dashboard)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms.slice(0, 2)).toEqual(['Share of VOO held', 'Replication rate']);
    expect(within(dashboard).getByTestId('etf-replication-rate')).toHaveTextContent('29.30%');
    expect(within(dashboard).getByTestId('etf-share')).toHaveTextContent('Holds 29.30% of VOO');
    expect(within(dashboard).getByText('Poor: Significant deviation...')).toBeInTheDocument();
    expect(within(dashboard).queryByText(/Excellent/)).not.toBeInTheDocument();
    expect(within(dashboard).getByTestId('replication-rate')).toHaveTextContent('99.07%');
    expect(
      within(dashboard).getByText(
        'Against the reachable target: the 5 holdings you follow, weighted as in the ETF.',
      ),
    ).toBeInTheDocument();
    expect(within(dashboard).getByTestId('target-rate')).toHaveTextContent(
      // 41.785 is half a hundredth: half-up → 41.79.
      'Target after all orders: 41.79%, the best this amount and plan reach',
    );
    expect(within(dashboard).getByText('$9,900.00')).toBeInTheDocument();
    expect(within(dashboard).getByText('High Remainder (99.00% of the target)')).toBeInTheDocument();
    expect(within(dashboard).getByRole('status')).toHaveTextContent(
      /More than 5% of the target amount is not invested\. Enabling fractional shares/,
    );
    expect(within(dashboard).getByText(/Coverage 28.76%: the 5 holdings you follow/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'VOO Tracking' })).toBeInTheDocument();
  });

  it('says why when the target of the tracking cannot be computed (degraded view)', async () => {
    open({
      'GET /api/trackings/trk-1': json(
        200,
        trackingDetail({
          adjustmentOrders: [],
          targetReplication: { investments: [], leftoverAmount: '10000.00' },
          degraded: { code: 'NO_TRADABLE_HOLDINGS', reason: 'The latest market data has no prices.' },
        }),
      ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The target of this tracking cannot be computed right now');
    expect(alert).toHaveTextContent('The latest market data has no prices.');
  });

  it('shows no degraded notice for a normal tracking', async () => {
    open();
    await screen.findByRole('region', { name: 'Replication dashboard' });
    expect(screen.queryByText(/cannot be computed right now/)).not.toBeInTheDocument();
  });

  it('shows cash below zero as money owed to the target, never as a leftover or a remainder (issue 15, 32)', async () => {
    open({
      'GET /api/trackings/trk-1': json(
        200,
        trackingDetail({
          currentReplication: {
            targetInvestmentAmount: '4000.00',
            investments: [{ symbol: 'NVDA', numberOfShares: '24', amountInvested: '4869.36' }],
            leftoverAmount: '-997.92',
          },
          adjustmentOrders: [{ symbol: 'NVDA', orderType: 'SELL', shares: '5' }],
          replicationRate: '80.3412',
          targetReplicationRate: '73.79',
        }),
      ),
    });
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    expect(within(dashboard).getByText('Owed to the target')).toBeInTheDocument();
    expect(within(dashboard).queryByText('Leftover')).not.toBeInTheDocument();
    expect(within(dashboard).getByTestId('leftover')).toHaveTextContent('$997.92');
    expect(within(dashboard).getByRole('status')).toHaveTextContent(
      "Owed to the target: $997.92, spent beyond the tracking's cash. The SELL orders below bring it back.",
    );
    expect(within(dashboard).queryByText(/Remainder/)).not.toBeInTheDocument();
    expect(within(dashboard).queryByText(/-\$/)).not.toBeInTheDocument();
    expect(within(dashboard).queryByText(/fully invested/)).not.toBeInTheDocument();
  });

  it('makes a zero target its own state: no rate, no remainder, the sells explained (issue 15)', async () => {
    open({
      'GET /api/trackings/trk-1': json(
        200,
        trackingDetail({
          currentReplication: {
            targetInvestmentAmount: '0.00',
            investments: [{ symbol: 'NVDA', numberOfShares: '24', amountInvested: '4869.36' }],
            leftoverAmount: '-4997.92',
          },
          adjustmentOrders: [{ symbol: 'NVDA', orderType: 'SELL', shares: '24' }],
          targetReplication: { investments: [], leftoverAmount: '0.00' },
          replicationRate: '0',
          targetReplicationRate: '0',
        }),
      ),
    });
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    expect(within(dashboard).getByTestId('replication-rate')).toHaveTextContent('—');
    expect(within(dashboard).getByText('A $0 target has no replication rate.')).toBeInTheDocument();
    expect(within(dashboard).getByRole('status')).toHaveTextContent(
      'The target is $0: the SELL orders below sell every position. Raise the target to replicate again.',
    );
    expect(within(dashboard).queryByText(/Almost fully invested|Remainder|Poor/)).not.toBeInTheDocument();
    expect(within(dashboard).getByRole('button', { name: 'Lower target' })).toBeDisabled();
  });

  it('dates the prices by their closes and the weights by the holdings date (issues 15, 32)', async () => {
    open({
      'GET /api/trackings/trk-1': json(
        200,
        trackingDetail({ snapshotAsOf: '2025-11-19', pricesAsOf: { from: '2025-10-30', to: '2025-10-30' } }),
      ),
    });
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    expect(within(dashboard).getByTestId('prices-as-of')).toHaveTextContent(
      'Prices as of Oct 30, 2025 · ETF holdings as of Nov 19, 2025.',
    );
    expect(within(dashboard).queryByText(/Nov 19, 2025/)).not.toHaveTextContent(/Prices as of Nov 19/);
  });

  it('hints at fractional shares only while they are off (issue 32)', async () => {
    open({
      'GET /api/trackings/trk-1': json(200, trackingDetail({ globalFractionalSharesThreshold: 0.01 })),
    });
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    expect(within(dashboard).getByRole('status')).toHaveTextContent(
      'More than 5% of the target amount is not invested. Raising the amount lets more of it follow the ETF.',
    );
    expect(within(dashboard).getByRole('status')).not.toHaveTextContent(/fractional/i);
  });

  it('gives the span of the closes when the prices come from several days (issue 32)', async () => {
    open({
      'GET /api/trackings/trk-1': json(
        200,
        trackingDetail({ snapshotAsOf: null, pricesAsOf: { from: '2025-10-30', to: '2025-11-18' } }),
      ),
    });
    const dashboard = await screen.findByRole('region', { name: 'Replication dashboard' });
    expect(within(dashboard).getByTestId('prices-as-of')).toHaveTextContent(
      /^Prices as of Oct 30 – Nov 18, 2025\.$/,
    );
  });

  it('finds the tracking from the summary when the URL has no id', async () => {
    open(
      {
        'GET /api/trackings/trackings-summary': json(200, [
          {
            trackingId: 'trk-1',
            symbol: 'VOO',
            amountInvested: '1',
            leftoverAmount: '0',
            replicationRate: '0',
            etfName: 'Vanguard S&P 500 ETF',
            createdAt: '2025-10-30T14:05:00.000Z',
          },
        ]),
      },
      '/tracking/VOO',
    );
    expect(await screen.findByRole('region', { name: 'Replication dashboard' })).toBeInTheDocument();
  });

  it('applies the shares rules of spec 2 §5 while fractional shares are off', async () => {
    const { app, api } = open();
    await ordersSection();
    expect(sharesOf('BUY MSFT')).toHaveAttribute('readonly');
    expect(sharesOf('BUY MSFT')).toHaveAccessibleDescription(
      'First "Enable fractional shares" to edit this field with a custom fractional value or execute this specific order to realign with non-fractional shares tracking',
    );
    await app.user.clear(sharesOf('BUY NVDA'));
    await app.user.type(sharesOf('BUY NVDA'), '2.5');
    expect(sharesOf('BUY NVDA')).toHaveValue('2.5');
    expect(sharesOf('BUY NVDA')).toHaveAccessibleDescription(
      'First enable fractional shares to edit this field with a fractional value',
    );
    await app.user.click(screen.getByRole('button', { name: 'Execute BUY NVDA' }));
    expect(api.callsTo('POST /api/trackings/trk-1/applyAdjustmentOrders')).toHaveLength(0);
    await app.user.clear(sharesOf('SELL OLD'));
    await app.user.type(sharesOf('SELL OLD'), '3');
    expect(sharesOf('SELL OLD')).toHaveAccessibleDescription('You cannot sell more than 2 shares');
    await app.user.clear(sharesOf('BUY AAPL'));
    await app.user.type(sharesOf('BUY AAPL'), '0');
    expect(sharesOf('BUY AAPL')).toHaveAccessibleDescription(
      'Please enter a valid shares amount greater than zero',
    );
  });

  it('executes the selected orders in one request, shows Executing..., and names the order that was refused', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, api } = open({
      'POST /api/trackings/trk-1/applyAdjustmentOrders': async () => {
        await gate;
        return json(400, {
          message: 'Order 2 (BUY 7 AAPL): There is no valid price for this symbol',
        });
      },
    });
    await ordersSection();
    await app.user.clear(sharesOf('BUY NVDA'));
    await app.user.type(sharesOf('BUY NVDA'), '8');
    await app.user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await app.user.click(screen.getByRole('button', { name: 'Execute selected (4)' }));
    const dialog = screen.getByRole('dialog', { name: 'Record 4 executed orders' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByRole('button', { name: 'Recording...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Raise target', hidden: true })).toBeDisabled();
    release();
    await screen.findByText('Error executing order for AAPL');
    // The refusal stays in the dialog, at the top and beside the AAPL fill price.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Order 2 (BUY 7 AAPL): There is no valid price for this symbol Nothing was recorded.',
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Fill price of BUY 7 AAPL' }),
    ).toHaveAccessibleDescription('Snapshot price $271.40 There is no valid price for this symbol');
    const calls = api.callsTo('POST /api/trackings/trk-1/applyAdjustmentOrders');
    // Each fill price defaults to the snapshot price; today is recorded as now (no executedAt); OLD's lots by method.
    expect(calls.map((call) => call.body)).toEqual([
      [
        { symbol: 'NVDA', shares: '8', orderType: 'BUY', price: '202.89' },
        { symbol: 'AAPL', shares: '7', orderType: 'BUY', price: '271.4' },
        { symbol: 'MSFT', shares: '0.5', orderType: 'BUY', price: '500' },
        { symbol: 'OLD', shares: '2', orderType: 'SELL', price: '50' },
      ],
    ]);
    expect(calls[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('records one order as a single object, as the spec sends it', async () => {
    const { app, api } = open({ 'POST /api/trackings/trk-1/applyAdjustmentOrders': json(200, {}) });
    await ordersSection();
    await app.user.click(screen.getByRole('button', { name: 'Execute BUY NVDA' }));
    // Enter in the fill price records (keyboard path).
    await app.user.type(screen.getByRole('textbox', { name: 'Fill price of BUY 10 NVDA' }), '{Enter}');
    await waitFor(() =>
      expect(api.callsTo('POST /api/trackings/trk-1/applyAdjustmentOrders')).toHaveLength(1),
    );
    expect(api.callsTo('POST /api/trackings/trk-1/applyAdjustmentOrders')[0]?.body).toEqual({
      symbol: 'NVDA',
      shares: '10',
      orderType: 'BUY',
      price: '202.89',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('raises the target buy-only and refuses an empty amount first', async () => {
    const { app, api } = open({ 'POST /api/replication/add-investment': json(200, trackingDetail()) });
    await app.user.click(await screen.findByRole('button', { name: 'Raise target' }));
    const dialog = screen.getByRole('dialog', { name: 'Raise target' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Raise target' }));
    expect(
      within(dialog).getByText('Please enter a valid investment amount greater than zero.'),
    ).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Amount to add (USD)' }), '2500');
    await app.user.click(within(dialog).getByRole('checkbox', { name: /Buy only/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Raise target' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/replication/add-investment')[0]?.body).toEqual({
      trackingId: 'trk-1',
      amount: '2500',
      buyOnly: true,
    });
  });

  it('never lowers the target by more than it is', async () => {
    const { app, api } = open();
    await app.user.click(await screen.findByRole('button', { name: 'Lower target' }));
    const dialog = screen.getByRole('dialog', { name: 'Lower target' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Amount to withdraw (USD)' }),
      '10000.01',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Lower target' }));
    expect(
      within(dialog).getByText('You cannot decrease the target amount more than $10,000.00'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/replication/subtract-investment')).toHaveLength(0);
  });

  it('toggles the settings and offers weightings up to the plan cap', async () => {
    let detail = trackingDetail();
    const { app, api } = open({
      'GET /api/trackings/trk-1': () => json(200, detail),
      'POST /api/trackings/trk-1/enableFractional': () => {
        detail = { ...detail, globalFractionalSharesThreshold: 0.01 };
        return json(200, detail);
      },
      'POST /api/trackings/trk-1/changeNumberOfWeightings': () => {
        detail = { ...detail, numberOfWeightings: 3, effectiveNumberOfWeightings: 3 };
        return json(200, detail);
      },
    });
    const fractional = await screen.findByRole('switch', { name: 'Fractional shares' });
    expect(fractional).toHaveAttribute('aria-checked', 'false');
    await app.user.click(fractional);
    await waitFor(() => expect(fractional).toHaveAttribute('aria-checked', 'true'));
    // Issue 32: a number field with − and + (it was a select with an option per holding).
    const field = screen.getByRole('spinbutton', { name: 'Number of weightings' });
    expect(field).toHaveValue('5');
    expect(field).toHaveAttribute('aria-valuemax', '5');
    expect(screen.getByRole('button', { name: 'One weighting more' })).toBeDisabled();
    await app.user.click(screen.getByRole('button', { name: 'One weighting fewer' }));
    await app.user.click(screen.getByRole('button', { name: 'One weighting fewer' }));
    expect(field).toHaveValue('3');
    expect(api.callsTo('POST /api/trackings/trk-1/changeNumberOfWeightings')).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/trackings/trk-1/changeNumberOfWeightings')).toHaveLength(1),
    );
    expect(
      api
        .callsTo('POST /api/trackings/trk-1/changeNumberOfWeightings')[0]
        ?.url.searchParams.get('numberOfWeightings'),
    ).toBe('3');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument());
    expect(field).toHaveValue('3');
  });

  it("says 'Tracking not found' for a missing tracking", async () => {
    open({ 'GET /api/trackings/trk-1': json(404, { message: 'Tracking not found' }) });
    expect(await screen.findByText('Tracking not found')).toBeInTheDocument();
  });

  it('hides the price chart with a note instead of inventing prices', async () => {
    open({ 'GET /api/etf/etf-price-history': json(200, [{ date: '2025-10-30', close: '600' }]) });
    expect(
      await screen.findByText('No price chart for VOO: the market data has no price history for it.'),
    ).toBeInTheDocument();
  });

  it('says the price history is loading until it comes, not that there is none (issue 32)', async () => {
    let answer: (response: { status: number; body?: unknown }) => void = () => {};
    open({ 'GET /api/etf/etf-price-history': () => new Promise((resolve) => (answer = resolve)) });
    const loading = await screen.findByText('Loading the VOO price history…');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/no price history/)).not.toBeInTheDocument();
    answer(json(200, []));
    expect(
      await screen.findByText('No price chart for VOO: the market data has no price history for it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading the VOO price history…')).not.toBeInTheDocument();
  });

  it('tells a failed price history load apart from a missing history', async () => {
    open({ 'GET /api/etf/etf-price-history': json(500, { message: 'boom' }) });
    expect(
      await screen.findByText('The VOO price history could not be loaded. Reload the page to try again.'),
    ).toBeInTheDocument();
  });
});

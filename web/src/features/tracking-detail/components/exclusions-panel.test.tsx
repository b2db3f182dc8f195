import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { openExclusionsPanel } from '@/features/tracking-detail/testing/exclusions-panel';
import { trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json } from '@/testing/mock-api';
import { pausedDdSell } from '@/testing/paused-orders';

const exclusions = {
  symbols: [{ symbol: 'AAPL', mode: 'keep' as const }],
  sectors: [],
  excludedWeight: '7.1',
  etfReplicationRate: '40.5',
  etfReplicationRateWithout: '41.78',
  etfSectors: [
    { sector: 'Information Technology', weightPercentage: '33.5' },
    { sector: 'Energy', weightPercentage: '2.9' },
  ],
};

const preview = {
  exclusions: {
    ...exclusions,
    sectors: [{ sector: 'Energy', mode: 'sell' as const }],
    excludedWeight: '10',
    etfReplicationRate: '38.25',
  },
  targetReplicationRate: '90',
  adjustmentOrders: [{ symbol: 'XOM', orderType: 'SELL', shares: '2' }],
};

const open = (plan: string | undefined, routes: Parameters<typeof openExclusionsPanel>[2] = {}) =>
  openExclusionsPanel(plan, exclusions, routes);

describe('Exclusions panel', () => {
  it('shows the saved exclusions and their cost, previews a sector, and saves it in the chosen mode', async () => {
    const api = open('PRO', {
      'GET /api/trackings/trk-1/exclusions/preview': json(200, preview),
      'POST /api/trackings/trk-1/exclusions': json(200, trackingDetail({ exclusions: preview.exclusions })),
    });
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    expect(within(panel).getByText('AAPL')).toBeInTheDocument();
    expect(within(panel).getByText('kept')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('40.50%');
    expect(within(panel).getByRole('status')).toHaveTextContent('1.28 points');

    const user = userEvent.setup();
    await user.click(within(panel).getByRole('checkbox', { name: 'Energy, 2.90% of the ETF' }));
    await user.click(within(panel).getByRole('radio', { name: 'Keep them, stop buying' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('38.25%'));
    const asked = api.calls.filter((call) => call.url.pathname.endsWith('/preview')).at(-1)!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      symbols: 'AAPL',
      sectors: 'Energy',
      mode: 'keep',
    });

    await user.click(within(panel).getByRole('button', { name: 'Save exclusions' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        symbols: [],
        sectors: ['Energy'],
        mode: 'keep',
      }),
    );
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('counts the orders an unexplained price move pauses apart from the orders after saving (issue 32)', async () => {
    open('PRO', {
      'GET /api/trackings/trk-1/exclusions/preview': json(200, { ...preview, pausedOrders: [pausedDdSell] }),
    });
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('checkbox', { name: 'Energy, 2.90% of the ETF' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('38.25%'));
    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent('Adjustment orders after saving1');
    expect(status).toHaveTextContent('Paused by an unexplained price move (see the orders)1');
  });

  it('takes a stock back with DELETE, and shows a refused preview as an error', async () => {
    const api = open('PRO', {
      'GET /api/trackings/trk-1/exclusions/preview': (request) =>
        request.url.searchParams.get('symbols')?.includes('MSFT')
          ? json(400, { message: 'MSFT cannot be excluded right now' })
          : json(200, preview),
      'DELETE /api/trackings/trk-1/exclusions': json(200, trackingDetail()),
    });
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText('Exclude a stock'), 'msft{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('MSFT cannot be excluded right now');
    expect(within(panel).getByRole('button', { name: 'Save exclusions' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Take MSFT back' }));
    await user.click(within(panel).getByRole('button', { name: 'Take AAPL back' }));
    api.calls.length = 0;
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save exclusions' })).toBeEnabled());
    await user.click(within(panel).getByRole('button', { name: 'Save exclusions' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'DELETE')?.body).toEqual({
        symbols: ['AAPL'],
        sectors: [],
      }),
    );
  });

  it('adds only holdings of the ETF as chips: an unknown symbol gets an inline error (issue 32: "TSL")', async () => {
    const api = open('PRO', {
      'GET /api/etf/etf-holdings': json(200, holdings),
      'GET /api/etf/etf-info': json(200, { ...etfInfo, holdingsCount: holdings.length }),
      'GET /api/trackings/trk-1/exclusions/preview': json(200, preview),
    });
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    const user = userEvent.setup();
    const input = within(panel).getByLabelText('Exclude a stock');
    await waitFor(() => expect(api.callsTo('GET /api/etf/etf-holdings')).toHaveLength(1));
    await user.type(input, 'tsl{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'TSL is not a holding of VOO. Did you mean TSLA?',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('TSL is not a holding of VOO. Did you mean TSLA?');
    expect(within(panel).queryByRole('button', { name: 'Take TSL back' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.url.pathname.endsWith('/preview'))).toBe(false);

    await user.clear(input);
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(input, 'zzzz{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(/^ZZZZ is not a holding of VOO\.$/);
    await user.clear(input);
    await user.type(input, 'tsla{Enter}');
    expect(await within(panel).findByRole('button', { name: 'Take TSLA back' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.url.pathname.endsWith('/preview'))).toBe(true));
  });

  it('names the plan when the symbol may be beyond the holdings it shows', async () => {
    open('STARTER');
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    const user = userEvent.setup();
    await waitFor(() => expect(within(panel).getByLabelText('Exclude a stock')).toBeEnabled());
    await user.type(within(panel).getByLabelText('Exclude a stock'), 'WMT{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'WMT is not among the VOO holdings your plan shows.',
    );
  });

  it('on Free, says the rule and offers no sector', async () => {
    open(undefined);
    const panel = await screen.findByRole('region', { name: 'Exclusions' });
    expect(within(panel).getByText(/Your plan allows one excluded stock and no sectors/)).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'Energy, 2.90% of the ETF' })).toBeDisabled();
  });
});

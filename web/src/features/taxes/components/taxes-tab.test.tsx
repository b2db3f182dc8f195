import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import {
  candidate,
  dayFromToday,
  harvestAnswer,
  harvestingResponse,
  lotsResponse,
  noSales,
  salesIn2026,
  substitution,
} from '../testing/tax-fixtures';

type Routes = Parameters<typeof mockApi>[0];

/** The tracking's stream revision as the server would answer it; commands in a test move it on. */
const server = { revision: 11 };

const open = (routes: Routes = {}, url = '/tracking/VOO?id=trk-1&tab=taxes') => {
  server.revision = 11;
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': () => json(200, trackingDetail({ revision: server.revision })),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    'GET /api/trackings/trk-1/lots': json(200, lotsResponse()),
    'GET /api/trackings/trk-1/tax-loss-harvesting': json(200, harvestingResponse()),
    'GET /api/trackings/trk-1/realized-gains': json(200, noSales),
    ...routes,
  });
  return { api, app: renderApp(url) };
};

const section = (name: string) => screen.findByRole('region', { name });

describe('Taxes tab', () => {
  it('is a tab of the tracking detail, reachable with the arrow keys, and kept in the URL', async () => {
    const { app } = open({}, '/tracking/VOO?id=trk-1');
    const overview = await screen.findByRole('tab', { name: 'Overview' });
    expect(overview).toHaveAttribute('aria-selected', 'true');
    await app.user.click(overview);
    await app.user.keyboard('{ArrowRight}');
    const taxes = screen.getByRole('tab', { name: 'Taxes' });
    expect(taxes).toHaveAttribute('aria-selected', 'true');
    expect(taxes).toHaveFocus();
    expect(app.location().search).toBe('?id=trk-1&tab=taxes');
    expect(await section('Tax-loss harvesting')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Replication dashboard' })).not.toBeInTheDocument();
  });

  it('shows the empty states when nothing was bought or sold yet', async () => {
    open({
      'GET /api/trackings/trk-1/lots': json(200, lotsResponse({ holdings: [] })),
      'GET /api/trackings/trk-1/tax-loss-harvesting': json(200, harvestingResponse({ candidates: [] })),
    });
    expect(
      await screen.findByText('No lots yet — record an executed order to start tracking cost basis'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/No holding loses that much right now/)).toBeInTheDocument();
    expect(await screen.findByText(/No sales yet/)).toBeInTheDocument();
  });

  it('says so when the lots cannot be loaded, and loads them again on request', async () => {
    const { app, api } = open({
      'GET /api/trackings/trk-1/lots': [json(500, { message: 'boom' }), json(200, lotsResponse())],
    });
    const alert = await within(await section('Lots and unrealised gains')).findByRole('alert');
    expect(alert).toHaveTextContent('The lots could not be loaded.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /INTC \(1 lot\)/ })).toBeInTheDocument();
    expect(api.callsTo('GET /api/trackings/trk-1/lots')).toHaveLength(2);
  });

  it('lists the lots per holding with signed gains and terms', async () => {
    open();
    const lots = await section('Lots and unrealised gains');
    const intc = await within(lots).findByRole('row', { name: /INTC \(1 lot\)/ });
    expect(intc).toHaveTextContent('-$590.00');
    expect(intc).toHaveTextContent('(-59.00%)');
    expect(within(lots).getByRole('row', { name: /NVDA \(1 lot\)/ })).toHaveTextContent('+$528.90');
    const table = within(lots).getByRole('table');
    expect(within(table).getAllByText('Short term')).toHaveLength(1);
    expect(within(table).getByText('Mar 3, 2025')).toBeInTheDocument();
    // The phone layout: the same lots as cards.
    const cards = within(lots).getByRole('list', { name: 'Open lots' });
    expect(within(cards).getByText('Acquired May 5, 2026')).toBeInTheDocument();
    expect(within(cards).getByText('20 at $50.00 = $1,000.00')).toBeInTheDocument();
    expect(
      within(lots).getByRole('figure', { name: 'Unrealised gain / loss by holding' }),
    ).toBeInTheDocument();
  });

  it('switches the lot method with If-Match and an Idempotency-Key', async () => {
    const { app, api } = open({
      'POST /api/trackings/trk-1/lotMethod': json(200, trackingDetail({ revision: 12 })),
    });
    const lots = await section('Lots and unrealised gains');
    await app.user.click(await within(lots).findByRole('radio', { name: /FIFO/ }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/trk-1/lotMethod')).toHaveLength(1));
    const [call] = api.callsTo('POST /api/trackings/trk-1/lotMethod');
    expect(call?.body).toEqual({ method: 'FIFO' });
    expect(call?.headers.get('If-Match')).toBe('"r11"');
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('offers the tax-optimal method with its label and sends TAX_OPTIMAL', async () => {
    const { app, api } = open({
      'POST /api/trackings/trk-1/lotMethod': json(200, trackingDetail({ revision: 12 })),
    });
    const lots = await section('Lots and unrealised gains');
    await app.user.click(
      await within(lots).findByRole('radio', {
        name: /^Tax-optimal \(losses first, long-term before short-term\)/,
      }),
    );
    await waitFor(() => expect(api.callsTo('POST /api/trackings/trk-1/lotMethod')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/trk-1/lotMethod')[0]?.body).toEqual({ method: 'TAX_OPTIMAL' });
  });

  it('filters candidates by a minimum loss typed as an amount or a percent, and refuses nonsense', async () => {
    const { app, api } = open();
    const harvesting = await section('Tax-loss harvesting');
    const field = within(harvesting).getByRole('textbox', { name: 'Minimum loss' });
    await app.user.type(field, 'lots');
    await app.user.click(within(harvesting).getByRole('button', { name: 'Apply' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(harvesting).getByText(/An amount like 100 or a percent like 5%/)).toBeInTheDocument();
    expect(api.callsTo('GET /api/trackings/trk-1/tax-loss-harvesting')).toHaveLength(1);
    await app.user.clear(field);
    await app.user.type(field, '7.5 %{Enter}');
    await waitFor(() => expect(api.callsTo('GET /api/trackings/trk-1/tax-loss-harvesting')).toHaveLength(2));
    expect(
      api.callsTo('GET /api/trackings/trk-1/tax-loss-harvesting')[1]?.url.searchParams.get('minLoss'),
    ).toBe('7.5%');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows a blocked candidate with its countdown and reason, and does not offer the harvest', async () => {
    open({
      'GET /api/trackings/trk-1/tax-loss-harvesting': json(
        200,
        harvestingResponse({
          candidates: [
            candidate({
              washSale: { status: 'blocked', until: dayFromToday(12), reason: 'Bought in your QQQ tracking' },
            }),
          ],
        }),
      ),
    });
    const card = await screen.findByRole('listitem', { name: 'Harvest candidate INTC' });
    expect(within(card).getByText(/^Blocked until .* — 12 days$/)).toBeInTheDocument();
    expect(within(card).getByText('Bought in your QQQ tracking')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Harvest INTC…' })).toBeDisabled();
  });

  it('harvests after confirming the loss and the orders, then shows the window countdown and reverts', async () => {
    const { app, api } = open({
      'GET /api/trackings/trk-1/tax-loss-harvesting': [
        json(200, harvestingResponse()),
        json(200, harvestingResponse({ candidates: [], substitutions: [substitution()] })),
        json(200, harvestingResponse({ candidates: [], substitutions: [] })),
      ],
      'POST /api/trackings/trk-1/harvest': () => {
        server.revision = 12;
        return json(200, harvestAnswer);
      },
      'POST /api/history/trk-1/revert': () => {
        server.revision = 13;
        return json(200, trackingDetail({ revision: 13 }));
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Harvest candidate INTC' });
    expect(within(card).getByText('Clear')).toBeInTheDocument();
    expect(within(card).getByText('-$590.00 (-59.00%)')).toBeInTheDocument();
    await app.user.click(within(card).getByRole('radio', { name: /QCOM/ }));
    await app.user.click(within(card).getByRole('button', { name: 'Harvest INTC…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Harvest INTC' });
    expect(within(dialog).getByText('$590.00')).toBeInTheDocument();
    const orders = within(dialog).getByRole('list', { name: 'Harvest orders' });
    expect(orders).toHaveTextContent('SELL 20 INTC at $20.50$410.00');
    expect(orders).toHaveTextContent('BUY 4 QCOM at $100.00$400.00');
    expect(orders).toHaveTextContent('Cash left over$10.00');
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm harvest' }));

    await waitFor(() => expect(api.callsTo('POST /api/trackings/trk-1/harvest')).toHaveLength(1));
    const [call] = api.callsTo('POST /api/trackings/trk-1/harvest');
    expect(call?.body).toEqual({ symbol: 'INTC', replacement: 'QCOM' });
    expect(call?.headers.get('If-Match')).toBe('"r11"');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Harvested INTC: a loss of $590.00 realised.',
    );
    const window = await screen.findByRole('listitem', { name: 'Wash-sale window of INTC' });
    expect(window).toHaveTextContent(/No BUY of INTC until after .* — 30 days left/);

    await app.user.click(within(window).getByRole('button', { name: 'Revert harvest' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revert harvest' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(api.callsTo('POST /api/history/trk-1/revert')).toHaveLength(1));
    const [revert] = api.callsTo('POST /api/history/trk-1/revert');
    expect(revert?.body).toEqual({ actionId: 'harvest-1' });
    // The harvest answered revision 12: the revert is sent against it.
    expect(revert?.headers.get('If-Match')).toBe('"r12"');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Wash-sale window of INTC' })).not.toBeInTheDocument(),
    );
  });

  it('offers to keep the replacement once the window is over', async () => {
    const { app, api } = open({
      'GET /api/trackings/trk-1/tax-loss-harvesting': json(
        200,
        harvestingResponse({
          candidates: [],
          substitutions: [
            substitution({ status: 'switchBack', daysLeft: 0, windowEndsAt: dayFromToday(-1) }),
          ],
        }),
      ),
      'POST /api/trackings/trk-1/substitutions/keep': json(200, trackingDetail({ revision: 12 })),
    });
    const item = await screen.findByRole('listitem', { name: 'Wash-sale window of INTC' });
    expect(item).toHaveTextContent(
      'Window over: the orders now suggest switching back to INTC (or keep QCOM).',
    );
    await app.user.click(within(item).getByRole('button', { name: 'Keep QCOM' }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/trk-1/substitutions/keep')).toHaveLength(1));
    expect(api.callsTo('POST /api/trackings/trk-1/substitutions/keep')[0]?.body).toEqual({ symbol: 'INTC' });
  });

  it('shows realised gains of the latest year with its CSV download', async () => {
    open({
      'GET /api/trackings/trk-1/realized-gains': json(200, salesIn2026),
    });
    const realised = await section('Realised gains by year');
    expect(await within(realised).findByText('Long term 2026')).toBeInTheDocument();
    expect(within(realised).getByRole('combobox', { name: 'Tax year' })).toHaveValue('2026');
    expect(await within(realised).findByRole('row', { name: /AAPL/ })).toHaveTextContent('+$100.00');
    expect(within(realised).getByRole('button', { name: 'Download 2026 tax report (CSV)' })).toBeEnabled();
  });
});

import type { TaxTradeoffResponse } from '@etf-replicator/core/contracts/tax-budget';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { newYorkYear } from '@/lib/format';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

type Routes = Parameters<typeof mockApi>[0];
const year = newYorkYear();

const budgeted = trackingDetail({
  revision: 11,
  adjustmentOrders: [
    {
      symbol: 'OLD',
      orderType: 'SELL',
      shares: '2',
      lots: [
        {
          lotId: 'l2',
          shares: '2',
          acquiredAt: '2025-06-10',
          costPerShare: '60',
          gain: '-20',
          term: 'SHORT',
        },
      ],
    },
  ],
  taxBudget: {
    year,
    maxNetGain: '0.00',
    allowShortTermGains: false,
    yearRealisedNetGain: '120',
    ordersRealisedNetGain: '-20',
    unconstrainedRealisedNetGain: '450',
    applies: true,
  },
});

const tradeoff: TaxTradeoffResponse = {
  year,
  allowShortTermGains: false,
  yearRealisedNetGain: '120',
  unconstrainedRealisedNetGain: '450',
  currentMaxNetGain: '0.00',
  points: [
    { maxNetGain: '0.00', replicationRate: '84', realisedNetGain: '-20', sells: 1, buys: 0 },
    { maxNetGain: '570.00', replicationRate: '100', realisedNetGain: '450', sells: 2, buys: 1 },
    { maxNetGain: null, replicationRate: '100', realisedNetGain: '450', sells: 2, buys: 1 },
  ],
  plan: {
    maxNetGain: '0.00',
    years: null,
    horizonYears: 10,
    rates: ['84'],
    assumptions: ["Prices stay at today's; the ETF's holdings and weights do not change."],
  },
};

const open = (detail = budgeted, routes: Routes = {}) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': () => json(200, detail),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    'GET /api/trackings/trk-1/tax-tradeoff': json(200, tradeoff),
    ...routes,
  });
  return { api, app: renderApp('/tracking/VOO?id=trk-1') };
};

describe('Gains budget panel', () => {
  it('shows the year against the budget, the curve with the estimate, and the lots each SELL names', async () => {
    open();
    const panel = await screen.findByRole('region', { name: 'Gains budget' });
    expect(within(panel).getByText(`+$120.00 of $0.00`)).toBeInTheDocument();
    expect(within(panel).getByText('-$20.00')).toBeInTheDocument();
    expect(within(panel).getByText('+$450.00')).toBeInTheDocument();
    expect(
      await within(panel).findByRole('figure', { name: 'What each dollar of gains buys' }),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Estimate: With $0.00 of net gains a year, the rate does not reach 95 % within 10 years (84.00% at best).',
      ),
    ).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Suggested adjustment orders' });
    expect(
      within(orders).getByText('2 sh bought Jun 10, 2025 at $60.00 — short-term, -$20.00'),
    ).toBeInTheDocument();
  });

  it('saves a typed budget with If-Match and an Idempotency-Key, and removes the limit', async () => {
    const { app, api } = open(budgeted, {
      'POST /api/trackings/trk-1/tax-budget': json(200, { ...budgeted, revision: 12 }),
    });
    const panel = await screen.findByRole('region', { name: 'Gains budget' });
    const field = within(panel).getByRole('textbox', { name: `Most net capital gain to realise in ${year}` });
    await app.user.clear(field);
    await app.user.type(field, '5000');
    await app.user.click(within(panel).getByRole('checkbox', { name: /Allow short-term gains/ }));
    await app.user.click(within(panel).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/trk-1/tax-budget')).toHaveLength(1));
    const [call] = api.callsTo('POST /api/trackings/trk-1/tax-budget');
    expect(call?.body).toEqual({ year, maxNetGain: '5000', allowShortTermGains: true });
    expect(call?.headers.get('If-Match')).toBe('"r11"');
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
    await app.user.click(await within(panel).findByRole('button', { name: 'Remove the limit' }));
    await waitFor(() => expect(api.callsTo('POST /api/trackings/trk-1/tax-budget')).toHaveLength(2));
    expect(api.callsTo('POST /api/trackings/trk-1/tax-budget')[1]?.body).toEqual({
      year,
      maxNetGain: null,
      allowShortTermGains: true,
    });
  });

  it('without a budget asks before computing the curve', async () => {
    const { app, api } = open(trackingDetail({ revision: 11 }));
    const panel = await screen.findByRole('region', { name: 'Gains budget' });
    expect(api.callsTo('GET /api/trackings/trk-1/tax-tradeoff')).toHaveLength(0);
    await app.user.click(within(panel).getByRole('button', { name: 'Show what each budget buys' }));
    expect(
      await within(panel).findByRole('figure', { name: 'What each dollar of gains buys' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /api/trackings/trk-1/tax-tradeoff')).toHaveLength(1);
  });
});

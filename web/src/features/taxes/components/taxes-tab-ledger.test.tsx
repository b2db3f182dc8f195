import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { emptyHistory, trackingDetail } from '@/features/tracking-detail/testing/tracking-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { openWindows, replacementLots, washSaleGains, washSaleYears } from '../testing/ledger-fixtures';
import { harvestingResponse } from '../testing/tax-fixtures';

/** Issue 26 on the Taxes tab: W rows, adjusted basis and holding start, unknowns, the open windows. */
const open = () => {
  setSession({ accessToken: makeAccessToken() });
  mockApi({
    'GET /api/trackings/trk-1': json(
      200,
      trackingDetail({ revision: 11, prices: { AAPL: '410', MSFT: '400', NVDA: '200' } }),
    ),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    'GET /api/trackings/trk-1/lots': json(200, replacementLots),
    'GET /api/trackings/trk-1/tax-loss-harvesting': json(200, harvestingResponse({ candidates: [] })),
    'GET /api/trackings/trk-1/realized-gains': (request) =>
      json(200, request.url.searchParams.get('year') ? washSaleGains : washSaleYears),
    'GET /api/tax/windows': json(200, openWindows),
  });
  renderApp('/tracking/VOO?id=trk-1&tab=taxes');
};

const section = (name: string) => screen.findByRole('region', { name });

describe('Taxes tab with the wash-sale ledger', () => {
  it('shows the W row with its adjustment and the Part I totals', async () => {
    open();
    const realised = await section('Realised gains by year');
    const row = await within(realised).findByRole('row', { name: /^AAPL/ });
    // 10 sold at $400 = $4,000 proceeds, basis $5,000, (g) +$1,000, (h) = 4,000 − 5,000 + 1,000 = $0.00.
    expect(row).toHaveTextContent('$4,000.00');
    expect(row).toHaveTextContent('$5,000.00');
    expect(row).toHaveTextContent('W');
    expect(row).toHaveTextContent('+$1,000.00');
    expect(row).toHaveTextContent('$0.00');
    expect(row).toHaveTextContent('Jul 27, 2026');
    const part = within(realised).getByRole('listitem', { name: /^Part I · Short-term \(box A\) · 1 sale/ });
    expect(part).toHaveTextContent('Adjustment (W)$1,000.00');
    expect(part).toHaveTextContent('Gain or loss$0.00');
    expect(within(realised).getByText('Disallowed (W) 2026').nextSibling).toHaveTextContent('$1,000.00');
  });

  it('shows the adjusted basis, the holding start and the carried loss, and unknown instead of a guess', async () => {
    open();
    const lots = await section('Lots and unrealised gains');
    const table = await within(lots).findByRole('table');
    await within(table).findByRole('row', { name: /AAPL \(1 lot\)/ });
    expect(within(table).getAllByText('$5,100.00').length).toBeGreaterThan(0);
    expect(within(table).getByText('Holding period from Jul 27, 2026')).toBeInTheDocument();
    expect(
      within(table).getByText('Carried from a wash sale: +$1,000.00 (AAPL sold Nov 20, 2026)'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Acquired unknown')).toBeInTheDocument();
    expect(within(table).getByText('Holding period from unknown')).toBeInTheDocument();
    expect(within(table).getByText('Term unknown')).toBeInTheDocument();
    expect(
      within(lots)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['TAX_OPTIMAL', 'HIFO', 'FIFO']);
    expect(within(lots).getByRole('radio', { name: /^Tax-optimal/ })).not.toBeChecked();
    const cards = within(lots).getByRole('list', { name: 'Open lots' });
    expect(within(cards).getByText('3 shares · basis unknown')).toBeInTheDocument();
  });

  it("lists the open windows of this tracking's stocks only", async () => {
    open();
    const windows = await section('Open wash-sale windows');
    const item = await within(windows).findByRole('listitem', { name: 'Wash-sale window AAPL' });
    expect(item).toHaveTextContent('AAPL: no BUY until Dec 20, 2026');
    expect(item).toHaveTextContent('AAPL sold at a loss on Nov 20, 2026');
    // ZZZ was sold in another tracking and is not one of this tracking's stocks.
    expect(within(windows).queryByRole('listitem', { name: 'Wash-sale window ZZZ' })).not.toBeInTheDocument();
  });
});

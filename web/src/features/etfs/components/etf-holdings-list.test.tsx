import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { json, mockApi } from '@/testing/mock-api';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { etfInfo, holdings } from '../testing/etf-fixtures';
import { EtfHoldingsList } from './etf-holdings-list';

const mount = (plan: string | undefined, rows: unknown[], info: unknown = etfInfo) => {
  setSession({ accessToken: makeAccessToken(plan ? { plan, userId: 'user-7' } : { userId: 'user-7' }) });
  mockApi({ 'GET /api/etf/etf-info': json(200, info), 'GET /api/etf/etf-holdings': json(200, rows) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EtfHoldingsList symbol="VOO" title="ETF weightings" highlighted={3} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
};

const bodyRows = async () => {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
};

describe('ETF weightings by plan (spec 2 §6)', () => {
  it('free: 5 rows, blurred placeholders, no Show more and no banner', async () => {
    mount(undefined, holdings.slice(0, 5));
    expect(await bodyRows()).toHaveLength(5);
    expect(screen.getByTestId('holding-placeholders').children).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Unlock All/)).not.toBeInTheDocument();
  });

  it('mid plans: the top 5, Show more for the rest, and the upgrade banner that posts the userId', async () => {
    const user = mount('GROWTH', holdings);
    expect(await bodyRows()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await bodyRows()).toHaveLength(8);
    expect(screen.getByText('Unlock All 503 Holdings')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Upgrade Now' }).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/billing/update-subscription-redirect');
    expect(form).toHaveFormValues({ userId: 'user-7' });
  });

  it('GOLD: every holding at once, no banner', async () => {
    mount('GOLD', holdings);
    expect(await bodyRows()).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Unlock All/)).not.toBeInTheDocument();
  });

  it('highlights the first numberOfWeightings holdings', async () => {
    mount('GOLD', holdings);
    const rows = await bodyRows();
    expect(rows.map((row) => row.hasAttribute('data-highlighted'))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(within(rows[0] as HTMLElement).getByText('(in your tracking)')).toBeInTheDocument();
  });

  it('dates the prices by the closes they are (issue 32), and says nothing when that is unknown', async () => {
    mount('PRO', holdings, {
      ...etfInfo,
      asOf: { ...etfInfo.asOf, pricesFrom: '2025-11-18', pricesTo: '2025-11-18' },
    });
    expect(await screen.findByTestId('prices-as-of')).toHaveTextContent(/^Prices as of Nov 18, 2025\.$/);
  });

  it('shows no prices date without one', async () => {
    mount('PRO', holdings);
    await bodyRows();
    expect(screen.queryByTestId('prices-as-of')).not.toBeInTheDocument();
  });
});

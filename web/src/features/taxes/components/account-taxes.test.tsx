import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { accountGains2026, openWindows } from '../testing/ledger-fixtures';
import { newYorkYear } from '../utils/ny-year';

type Routes = Parameters<typeof mockApi>[0];

const emptyYear = (year: number) => ({
  year,
  rows: [],
  parts: [],
  years: accountGains2026.years,
  totals: { ...accountGains2026.totals, year },
});

const open = (routes: Routes = {}) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/tax/realized-gains': (request) => {
      const year = Number(request.url.searchParams.get('year'));
      return json(200, year === 2026 ? accountGains2026 : emptyYear(year));
    },
    'GET /api/tax/windows': json(200, openWindows),
    ...routes,
  });
  return { api, app: renderApp('/taxes') };
};

describe('The account Taxes page', () => {
  it('is in the sidebar and shows the current New York year first', async () => {
    const { api } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Taxes' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Taxes' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(api.callsTo('GET /api/tax/realized-gains')).toHaveLength(1));
    expect(api.callsTo('GET /api/tax/realized-gains')[0]?.url.searchParams.get('year')).toBe(
      String(newYorkYear()),
    );
    expect(screen.getByRole('combobox', { name: 'Tax year' })).toHaveValue(String(newYorkYear()));
  });

  it("shows the year's Part I totals, the W row with its tracking, the windows and the CSV button", async () => {
    const { app } = open();
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Tax year' }), '2026');
    const part = await screen.findByRole('listitem', { name: /^Part I · Short-term \(box A\) · 1 sale/ });
    // Proceeds 4,000, basis 5,000, (g) 1,000 → (h) 0.
    expect(part).toHaveTextContent('Proceeds$4,000.00');
    expect(part).toHaveTextContent('Cost basis$5,000.00');
    expect(part).toHaveTextContent('Adjustment (W)$1,000.00');
    const row = screen.getByRole('row', { name: /^AAPL/ });
    expect(row).toHaveTextContent('VOO (created Jul 1, 2026)');
    expect(row).toHaveTextContent('+$1,000.00');
    expect(screen.getByRole('button', { name: 'Download Form 8949 CSV' })).toBeEnabled();
    const windows = screen.getByRole('list', { name: 'Open wash-sale windows' });
    expect(within(windows).getAllByRole('listitem')).toHaveLength(2);
    expect(within(windows).getByRole('listitem', { name: 'Wash-sale window ZZZ' })).toHaveTextContent(
      'Loss still deductible: $250.00 on 5 shares not yet replaced · QQQ (created Aug 1, 2026)',
    );
  });

  it('says so when the year has no sales', async () => {
    open({
      'GET /api/tax/realized-gains': (request) =>
        json(200, emptyYear(Number(request.url.searchParams.get('year')))),
    });
    expect(await screen.findByText(`No sales recorded in ${newYorkYear()}`)).toBeInTheDocument();
  });

  it('says so when the report cannot be loaded, and loads it again on request', async () => {
    const { app, api } = open({
      'GET /api/tax/realized-gains': [json(500, { message: 'boom' }), json(200, emptyYear(newYorkYear()))],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The sales of ${newYorkYear()} could not be loaded.`);
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`No sales recorded in ${newYorkYear()}`)).toBeInTheDocument();
    expect(api.callsTo('GET /api/tax/realized-gains')).toHaveLength(2);
  });
});

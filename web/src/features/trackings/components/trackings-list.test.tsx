import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { json, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const voo = {
  trackingId: 'trk-1',
  symbol: 'VOO',
  amountInvested: '10000.00',
  leftoverAmount: '123.456789',
  replicationRate: '87.359',
  etfName: 'Vanguard S&P 500 ETF',
  createdAt: '2025-10-30T14:05:00.000Z',
  pricesAsOf: { from: '2025-11-18', to: '2025-11-18' },
};
const qqq = {
  trackingId: 'trk-2',
  symbol: 'QQQ',
  amountInvested: '2500.5',
  leftoverAmount: '0.00004',
  replicationRate: '12',
  etfName: 'Invesco QQQ Trust',
  createdAt: '2025-11-02T09:30:00.000Z',
  pricesAsOf: { from: '2025-10-30', to: '2025-11-18' },
};
/** A second QQQ tracking: issue 15 found two QQQ rows that looked alike. */
const qqqAgain = { ...qqq, trackingId: 'trk-3', createdAt: '2025-11-20T16:45:00.000Z' };
const deleteVoo = `Delete VOO tracking created ${formatDateTime(voo.createdAt)}`;
const year = (value: number) => ({
  year: value,
  proceeds: '0',
  costBasis: '0',
  shortTerm: '0',
  longTerm: '0',
  total: '0',
  harvestedLoss: '0',
  adjustment: '0',
});

const open = (routes: Record<string, MockResponse | MockResponse[]>) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(404, { message: 'Tracking not found' }),
    'GET /api/trackings/trk-1/realized-gains': json(200, { year: null, lots: [], years: [] }),
    ...routes,
  });
  return { api, app: renderApp('/etftrackings') };
};

describe('Tracked ETFs', () => {
  it("shows 'No Tracked ETFs' and opens the wizard when the tracking-count check allows it", async () => {
    const { app } = open({
      'GET /api/trackings/trackings-summary': json(200, []),
      'GET /api/trackings/check-trackings-number': json(200, true),
    });
    await screen.findByRole('heading', { name: 'No Tracked ETFs' });
    await app.user.click(screen.getByRole('button', { name: 'New Tracking' }));
    await waitFor(() => expect(app.location().pathname).toBe('/newtracking'));
  });

  it('stays with the plan toast when the check says no', async () => {
    const { app } = open({
      'GET /api/trackings/trackings-summary': json(200, []),
      'GET /api/trackings/check-trackings-number': json(200, false),
    });
    await app.user.click(await screen.findByRole('button', { name: 'New Tracking' }));
    await screen.findByText('Purchase a premium plan to unlock more trackings or upgrade your current plan');
    expect(app.location().pathname).toBe('/etftrackings');
  });

  it('lists money to the cent, tiny leftovers as 0 and the rate in its band', async () => {
    open({ 'GET /api/trackings/trackings-summary': json(200, [voo, qqq]) });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Symbol',
      'Created',
      'Total Investment',
      'Leftover Amount',
      'Replication Rate',
      'Actions',
    ]);
    const [, vooRow, qqqRow] = within(table).getAllByRole('row');
    // Half-up: leftover 123.456789 → $123.46, rate 87.359 → 87.36%.
    expect(vooRow).toHaveTextContent(
      `VOOVanguard S&P 500 ETF${formatDateTime(voo.createdAt)}$10,000.00$123.4687.36%`,
    );
    expect(within(vooRow as HTMLElement).getByText('87.36%')).toHaveAttribute('data-band', 'green');
    expect(qqqRow).toHaveTextContent(
      `QQQInvesco QQQ Trust${formatDateTime(qqq.createdAt)}$2,500.50$0.0012.00%`,
    );
    expect(within(qqqRow as HTMLElement).getByText('12.00%')).toHaveAttribute('data-band', 'red');
  });

  it('leads the rate with the share of the ETF held, and names owed and missing cash (issue 32)', async () => {
    const free = {
      ...voo,
      replicationRate: '99.07',
      etfReplicationRate: '29.3',
      cashToReachTarget: '1384.00',
    };
    const owing = {
      ...qqq,
      leftoverAmount: '-1381.71',
      etfReplicationRate: '52.981',
      cashToReachTarget: '0.00',
    };
    open({ 'GET /api/trackings/trackings-summary': json(200, [free, owing]) });
    const table = await screen.findByRole('table');
    const [, vooRow, qqqRow] = within(table).getAllByRole('row') as HTMLElement[];
    const rate = (row: HTMLElement | undefined) =>
      within(row as HTMLElement).getByText(
        (_, element) => element?.getAttribute('data-label') === 'Replication Rate',
      );
    expect(rate(vooRow)).toHaveTextContent('Holds 29.30% of VOO99.07% of the reachable target');
    expect(within(vooRow as HTMLElement).getByText('29.30%')).toHaveAttribute('data-band', 'red');
    expect(vooRow).toHaveTextContent('$123.46Add $1,384.00 to reach the target');
    expect(rate(qqqRow)).toHaveTextContent('Holds 52.98% of QQQ12.00% of the reachable target');
    expect(qqqRow).toHaveTextContent('Owed to the target: $1,381.71');
    expect(qqqRow).not.toHaveTextContent('-$');
    expect(qqqRow).not.toHaveTextContent('to reach the target');
  });

  it('names a blend by its index, not by the first ETF its stream follows (issue 30)', async () => {
    const blend = {
      ...voo,
      trackingId: 'trk-4',
      symbol: 'VTI',
      etfName: '70 % VTI + 30 % QQQ',
      indexLabel: '70 % VTI + 30 % QQQ',
      etfReplicationRate: '81.39',
    };
    open({ 'GET /api/trackings/trackings-summary': json(200, [blend]) });
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    const name = within(row as HTMLElement).getByRole('rowheader');
    expect(within(name).getByRole('link')).toHaveTextContent(/^70 % VTI \+ 30 % QQQ$/);
    expect(name).toHaveTextContent(/^70 % VTI \+ 30 % QQQ$/);
    expect(row).toHaveTextContent('Holds 81.39% of 70 % VTI + 30 % QQQ');
    expect(
      within(row as HTMLElement).getByRole('button', {
        name: `Delete 70 % VTI + 30 % QQQ tracking created ${formatDateTime(blend.createdAt)}`,
      }),
    ).toBeInTheDocument();
  });

  it('tells two trackings of one ETF apart by their creation time (issue 15)', async () => {
    open({ 'GET /api/trackings/trackings-summary': json(200, [qqq, qqqAgain]) });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toHaveLength(2);
    expect(rows[0]?.textContent).not.toBe(rows[1]?.textContent);
    expect(within(rows[1] as HTMLElement).getByText(formatDateTime(qqqAgain.createdAt))).toHaveAttribute(
      'datetime',
      qqqAgain.createdAt,
    );
    expect(
      screen
        .getAllByRole('button', { name: /^Delete QQQ tracking created / })
        .map((button) => button.ariaLabel),
    ).toEqual([
      `Delete QQQ tracking created ${formatDateTime(qqq.createdAt)}`,
      `Delete QQQ tracking created ${formatDateTime(qqqAgain.createdAt)}`,
    ]);
  });

  it('opens a tracking with its id in the navigation state and the URL', async () => {
    const { app } = open({ 'GET /api/trackings/trackings-summary': json(200, [voo]) });
    await app.user.click(await screen.findByText('$10,000.00'));
    await waitFor(() => expect(app.location().pathname).toBe('/tracking/VOO'));
    expect(app.location().search).toBe('?id=trk-1');
    expect(app.location().state).toEqual({ trackingId: 'trk-1' });
  });

  it('deletes after confirmation and removes the row on 204', async () => {
    const { app, api } = open({
      'GET /api/trackings/trackings-summary': [json(200, [voo, qqq]), json(200, [qqq])],
      'DELETE /api/trackings/trk-1': json(204),
    });
    await app.user.click(await screen.findByRole('button', { name: deleteVoo }));
    const dialog = screen.getByRole('dialog', { name: 'Delete tracking' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: deleteVoo })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Delete QQQ tracking/ })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/trackings/trk-1')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('offers the tax records before deleting and says the sales stay in the account report (issue 26)', async () => {
    const { app } = open({
      'GET /api/trackings/trackings-summary': json(200, [voo]),
      'GET /api/trackings/trk-1/realized-gains': json(200, {
        year: null,
        lots: [],
        years: [year(2026), year(2025)],
      }),
    });
    await app.user.click(await screen.findByRole('button', { name: deleteVoo }));
    const records = within(screen.getByRole('dialog', { name: 'Delete tracking' })).getByRole('region', {
      name: 'Keep your tax records',
    });
    expect(records).toHaveTextContent("Its realised sales stay in your account's tax report (Taxes)");
    expect((await within(records).findAllByRole('button')).map((button) => button.textContent)).toEqual([
      'Download 2026 tax report (CSV)',
      'Download 2025 tax report (CSV)',
      'Download positions CSV',
    ]);
  });

  it('keeps the row and explains a 403 or another failure', async () => {
    const { app } = open({
      'GET /api/trackings/trackings-summary': json(200, [voo]),
      'DELETE /api/trackings/trk-1': [json(403, { message: 'Forbidden' }), json(500, {})],
    });
    await app.user.click(await screen.findByRole('button', { name: deleteVoo }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('You are not authorized to delete this tracking.');
    await app.user.click(screen.getByRole('button', { name: deleteVoo }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('An error occurred while deleting the tracking.');
    expect(screen.getByRole('button', { name: deleteVoo })).toBeInTheDocument();
  });

  it('dates the money by the closes used, spanning every tracking (issue 32)', async () => {
    open({ 'GET /api/trackings/trackings-summary': json(200, [voo, qqq]) });
    expect(await screen.findByTestId('prices-as-of')).toHaveTextContent(
      /^Prices as of Oct 30 – Nov 18, 2025\.$/,
    );
  });

  it('says nothing about prices when no tracking has closes yet', async () => {
    open({ 'GET /api/trackings/trackings-summary': json(200, [{ ...voo, pricesAsOf: null }]) });
    await screen.findByRole('table');
    expect(screen.queryByTestId('prices-as-of')).not.toBeInTheDocument();
  });
});

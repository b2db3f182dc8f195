import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
};
const qqq = {
  trackingId: 'trk-2',
  symbol: 'QQQ',
  amountInvested: '2500.5',
  leftoverAmount: '0.00004',
  replicationRate: '12',
};

const open = (routes: Record<string, MockResponse | MockResponse[]>) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(404, { message: 'Tracking not found' }),
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
    expect(headers).toEqual(['Symbol', 'Total Investment', 'Leftover Amount', 'Replication Rate', 'Actions']);
    const [, vooRow, qqqRow] = within(table).getAllByRole('row');
    expect(vooRow).toHaveTextContent('VOO$10,000.00$123.4587.35%');
    expect(within(vooRow as HTMLElement).getByText('87.35%')).toHaveAttribute('data-band', 'green');
    expect(qqqRow).toHaveTextContent('QQQ$2,500.50$0.0012.00%');
    expect(within(qqqRow as HTMLElement).getByText('12.00%')).toHaveAttribute('data-band', 'red');
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
    await app.user.click(await screen.findByRole('button', { name: 'Delete VOO tracking' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete tracking' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete VOO tracking' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Delete QQQ tracking' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/trackings/trk-1')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('keeps the row and explains a 403 or another failure', async () => {
    const { app } = open({
      'GET /api/trackings/trackings-summary': json(200, [voo]),
      'DELETE /api/trackings/trk-1': [json(403, { message: 'Forbidden' }), json(500, {})],
    });
    await app.user.click(await screen.findByRole('button', { name: 'Delete VOO tracking' }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('You are not authorized to delete this tracking.');
    await app.user.click(screen.getByRole('button', { name: 'Delete VOO tracking' }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('An error occurred while deleting the tracking.');
    expect(screen.getByRole('button', { name: 'Delete VOO tracking' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken, makeAccessToken } from '@/testing/tokens';

const parked = (eventId: string, held: boolean) => ({
  projector: 'trackings',
  eventId,
  position: `0000000001-00000000${eventId.length}`,
  streamId: 'tracking-t-1',
  eventType: 'TargetRaised',
  error: held ? 'Held: an earlier event of the same stream is parked for this projector.' : 'boom',
  held,
  attempts: 3,
  firstSeen: '2026-01-01T00:00:00.000Z',
  lastSeen: '2026-01-01T00:01:00.000Z',
});

describe('Parked events (/admin/projection-failures)', () => {
  it('lists parked events and retries a failed one, then shows the list again', async () => {
    setSession({ accessToken: adminToken() });
    let events = [parked('e-1', false), parked('e-22', true)];
    const api = mockApi({
      'GET /api/admin/projection-failures': () => json(200, { events, recomputes: [] }),
      'POST /api/admin/projection-failures/retry': () => {
        events = [];
        return json(200, { applied: 2, remaining: 0, error: null });
      },
    });
    const app = renderApp('/admin/projection-failures');
    const list = await screen.findByRole('list', { name: 'Parked events' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('boom')).toBeInTheDocument();
    expect(within(list).getByText('Held')).toBeInTheDocument();
    // Only the failed event offers a retry; held ones follow it.
    expect(within(list).getAllByRole('button', { name: /Retry/ })).toHaveLength(1);
    await app.user.click(within(list).getByRole('button', { name: 'Retry TargetRaised in trackings' }));
    expect(api.callsTo('POST /api/admin/projection-failures/retry')[0]?.body).toEqual({
      projector: 'trackings',
      eventId: 'e-1',
    });
    expect(
      await screen.findByText('No parked events: every read model follows the log.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Applied 2 parked events; the read model follows the log again.'),
    ).toBeInTheDocument();
  });

  it('is linked from the admin tools', async () => {
    setSession({ accessToken: adminToken() });
    mockApi({});
    renderApp('/admin');
    expect(await screen.findByRole('link', { name: /Parked events/ })).toHaveAttribute(
      'href',
      '/admin/projection-failures',
    );
  });

  it('does not show the page to a user without the admin role', async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({ 'GET /api/admin/projection-failures': json(200, { events: [] }) });
    renderApp('/admin/projection-failures');
    expect(await screen.findByText(/not authorized|Unauthorized|permission/i)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Parked events' })).not.toBeInTheDocument();
  });

  it('lists parked recomputes and retries one', async () => {
    setSession({ accessToken: adminToken() });
    let recomputes = [
      {
        symbol: 'DIA',
        snapshotEventId: 's-9',
        failedAt: '2026-01-01T00:00:00.000Z',
        error: 'state unreadable',
      },
    ];
    const api = mockApi({
      'GET /api/admin/projection-failures': () => json(200, { events: [], recomputes }),
      'POST /api/admin/projection-failures/recompute/retry': () => {
        recomputes = [];
        return json(200, { derived: 3, error: null });
      },
    });
    const app = renderApp('/admin/projection-failures');
    const list = await screen.findByRole('list', { name: 'Parked recomputes' });
    expect(within(list).getByText('state unreadable')).toBeInTheDocument();
    await app.user.click(within(list).getByRole('button', { name: 'Retry the recompute of DIA' }));
    expect(api.callsTo('POST /api/admin/projection-failures/recompute/retry')[0]?.body).toEqual({
      symbol: 'DIA',
    });
    expect(await screen.findByText('DIA: 3 trackings now follow the latest snapshot.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Parked recomputes' })).not.toBeInTheDocument();
  });
});

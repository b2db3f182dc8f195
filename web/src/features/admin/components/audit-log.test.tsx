import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, type MockRequest, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const entry = (seq: number, extra: Record<string, unknown> = {}) => ({
  seq,
  eventId: `e-${seq}`,
  position: `7:${seq}`,
  streamId: 'tracking-t-1',
  category: 'tracking',
  streamRevision: seq,
  eventType: 'OrderExecuted',
  userId: 'u-1',
  userEmail: 'ann@example.com',
  actorUserId: 'u-1',
  actorEmail: 'ann@example.com',
  correlationId: `corr-${seq}`,
  data: { orderType: 'BUY', shares: '3', symbol: 'AAPL', price: '189.5' },
  metadata: { actorUserId: 'u-1', correlationId: `corr-${seq}`, schemaVersion: 1 },
  recordedAt: '2026-01-02T10:00:00.000Z',
  ...extra,
});

const filters = json(200, {
  categories: ['etf', 'tracking', 'user'],
  eventTypes: ['OrderExecuted', 'UserRegistered'],
});

const open = (url: string, audit: Parameters<typeof mockApi>[0][string]) => {
  setSession({ accessToken: adminToken() });
  const api = mockApi({ 'GET /api/admin/audit': audit, 'GET /api/admin/audit/filters': filters });
  return { app: renderApp(url), api };
};

describe('Audit log (/admin/audit)', () => {
  it('lists events newest first; a row expands to its data, metadata, actor and correlation id', async () => {
    const { app } = open('/admin/audit', json(200, { entries: [entry(2), entry(1)], nextCursor: null }));
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(within(table).getAllByText('BUY 3 AAPL @ $189.50')).toHaveLength(2);
    await app.user.click(
      within(table).getAllByRole('button', { name: /^Details of OrderExecuted/ })[0] as HTMLElement,
    );
    expect(screen.getByText('corr-2', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Data' }).nextSibling).toHaveTextContent('"symbol": "AAPL"');
    expect(screen.getByRole('heading', { name: 'Metadata' }).nextSibling).toHaveTextContent(
      '"schemaVersion": 1',
    );
    expect(screen.getByRole('link', { name: 'Open time travel at this event' })).toHaveAttribute(
      'href',
      '/admin/trackings/t-1?until=7%3A2',
    );
  });

  it('applies the filters through the URL and the API', async () => {
    const { app, api } = open('/admin/audit', json(200, { entries: [entry(1)], nextCursor: null }));
    await screen.findByRole('table');
    await app.user.type(screen.getByRole('textbox', { name: 'User (e-mail or id)' }), 'ann@example.com');
    await app.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Event type' }),
      'OrderExecuted',
    );
    await app.user.type(screen.getByLabelText('From'), '2026-01-01T09:30');
    await app.user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/audit')).toHaveLength(2));
    const query = api.callsTo('GET /api/admin/audit')[1]?.url.searchParams;
    expect(query?.get('user')).toBe('ann@example.com');
    expect(query?.get('eventType')).toBe('OrderExecuted');
    expect(query?.get('from')).toBe(new Date('2026-01-01T09:30').toISOString());
    expect(app.location().search).toContain('eventType=OrderExecuted');
  });

  it('loads older pages with the cursor', async () => {
    const { app, api } = open('/admin/audit?category=tracking', (request: MockRequest) =>
      request.url.searchParams.get('cursor') === '2'
        ? json(200, { entries: [entry(1)], nextCursor: null })
        : json(200, { entries: [entry(3), entry(2)], nextCursor: '2' }),
    );
    await screen.findByText('2 events shown');
    await app.user.click(screen.getByRole('button', { name: 'Load older events' }));
    await screen.findByText('3 events shown');
    expect(screen.queryByRole('button', { name: 'Load older events' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/audit')[1]?.url.searchParams.get('category')).toBe('tracking');
  });

  it('shows the server message for a bad filter, and an empty state', async () => {
    open('/admin/audit?from=x', json(400, { message: 'Invalid from: must be an ISO date-time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid from: must be an ISO date-time');
  });

  it('says when nothing matches', async () => {
    open('/admin/audit?user=nobody', json(200, { entries: [], nextCursor: null }));
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
  });

  it('exports the filtered view as CSV under the name the server gives it', async () => {
    const { app, api } = open(
      '/admin/audit?eventType=OrderExecuted',
      json(200, { entries: [entry(1)], nextCursor: null }),
    );
    const fallback = api.fetchMock;
    const exports: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).startsWith('/api/admin/audit/export')) return fallback(input, init);
      exports.push(String(input));
      return new Response('position,eventType\r\n7:1,OrderExecuted\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-log-2026-01-02.csv"',
        },
      });
    });
    URL.createObjectURL = vi.fn(() => 'blob:audit');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await screen.findByRole('table');
    await app.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText('Exported audit-log-2026-01-02.csv')).toBeInTheDocument();
    expect(saved).toEqual(['audit-log-2026-01-02.csv']);
    expect(exports).toEqual(['/api/admin/audit/export?eventType=OrderExecuted']);
  });
});

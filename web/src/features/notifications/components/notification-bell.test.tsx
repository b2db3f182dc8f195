import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken, makeAccessToken } from '@/testing/tokens';

const alert = {
  id: 'n1',
  kind: 'drift-alert',
  trackingId: 't-1',
  etfSymbol: 'IWM',
  referenceRate: '47.654',
  currentRate: '46.4811',
  createdAt: '2026-11-24T09:02:00.000Z',
  readAt: null,
};
const runs = {
  content: [
    {
      runId: 'r1',
      trigger: 'schedule',
      status: 'partial',
      startedAt: '2026-11-23T22:30:00.000Z',
      finishedAt: '2026-11-23T22:31:00.000Z',
      outcomes: [
        { symbol: 'VOO', outcome: 'published' },
        { symbol: 'QQQ', outcome: 'unchanged' },
        {
          symbol: 'IWM',
          outcome: 'failed',
          reason: 'FMP /stable/etf/holdings?symbol=IWM returned an unexpected body',
        },
      ],
    },
  ],
  totalElements: 1,
  page: 0,
  size: 10,
  provider: 'fmp',
  nextScheduledAt: '2026-11-24T22:30:00.000Z',
};

describe('The notification bell and the admin market data section', () => {
  it('shows the unread count, lists the alert with a link to the tracking, and marks it read', async () => {
    setSession({ accessToken: adminToken() });
    const api = mockApi({
      'GET /api/notifications': [
        json(200, { content: [alert], totalElements: 1, unread: 1 }),
        json(200, {
          content: [{ ...alert, readAt: '2026-11-24T09:05:00.000Z' }],
          totalElements: 1,
          unread: 0,
        }),
      ],
      'POST /api/notifications/n1/read': json(204),
      'GET /api/admin/market/refreshes': json(200, runs),
    });
    const app = renderApp('/admin');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await app.user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = within(dialog).getByRole('link', { name: 'Your IWM tracking has drifted' });
    expect(link).toHaveAttribute('href', expect.stringContaining('t-1'));
    expect(dialog).toHaveTextContent('Rate fell from 47.65% to 46.48%.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Mark read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/notifications/n1/read')).toHaveLength(1);

    const list = await screen.findByRole('list', { name: 'Refresh runs' });
    expect(list).toHaveTextContent('partial');
    expect(list).toHaveTextContent('1 published · 1 unchanged · 1 failed');
    expect(list).toHaveTextContent('IWM: FMP /stable/etf/holdings?symbol=IWM returned an unexpected body');
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
  });

  it('disables Refresh now and says why when no provider is configured', async () => {
    setSession({ accessToken: adminToken() });
    mockApi({
      'GET /api/notifications': json(200, { content: [], totalElements: 0, unread: 0 }),
      'GET /api/admin/market/refreshes': json(200, {
        ...runs,
        content: [],
        totalElements: 0,
        provider: 'none',
        nextScheduledAt: null,
      }),
    });
    const app = renderApp('/admin');
    expect(await screen.findByText(/No provider is configured \(FMP_API_KEY\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
    expect(screen.getByText('No refresh has run yet.')).toBeInTheDocument();
    await app.user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });
});

/** `count` alerts on IWM…, newest first, one a minute; `unread(i)` says which are unread. */
const alerts = (count: number, unread: (index: number) => boolean) =>
  Array.from({ length: count }, (_, index) => ({
    ...alert,
    id: `n${index + 1}`,
    trackingId: `t-${index + 1}`,
    etfSymbol: `E${String(index + 1).padStart(2, '0')}`,
    createdAt: new Date(Date.UTC(2026, 10, 24, 12, 59 - index)).toISOString(),
    readAt: unread(index) ? null : '2026-11-24T13:00:00.000Z',
  }));

/** GET /api/notifications over `all`, answering the page and size asked for as the API does. */
const pageOf = (all: ReturnType<typeof alerts>, request: MockRequest): MockResponse => {
  const page = Number(request.url.searchParams.get('page'));
  const size = Number(request.url.searchParams.get('size'));
  return json(200, {
    content: all.slice(page * size, page * size + size),
    totalElements: all.length,
    unread: all.filter((n) => n.readAt === null).length,
  });
};

const pagesAsked = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('GET /api/notifications').map((call) => call.url.search);

const openBell = async (app: ReturnType<typeof renderApp>, label: string) => {
  await app.user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: 'Notifications' });
};

const titles = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe("The notification bell's older pages and Mark all read", () => {
  it('shows ten, then ten more with each Show older (Loading… while it fetches, Try again when it fails) until all are shown', async () => {
    setSession({ accessToken: makeAccessToken() });
    const all = alerts(23, (index) => index === 0);
    let releaseSlowPage: (answer: MockResponse) => void = () => undefined;
    const api = mockApi({
      'GET /api/notifications': [
        (request) => pageOf(all, request),
        // The first Show older: slow, then failing.
        () => new Promise<MockResponse>((resolve) => (releaseSlowPage = resolve)),
        (request) => pageOf(all, request),
        (request) => pageOf(all, request),
      ],
    });
    const app = renderApp('/settings');
    const dialog = await openBell(app, 'Notifications, 1 unread');
    await waitFor(() => expect(titles(dialog)).toHaveLength(10));
    expect(titles(dialog)[0]).toBe('Your E01 tracking has drifted');
    expect(titles(dialog)[9]).toBe('Your E10 tracking has drifted');

    const older = within(dialog).getByRole('button', { name: 'Show older' });
    await app.user.click(older);
    const loading = await within(dialog).findByRole('button', { name: 'Loading…' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    await app.user.click(loading);
    expect(pagesAsked(api)).toEqual(['?page=0&size=10', '?page=1&size=10']);

    releaseSlowPage(json(500, { message: 'Internal Server Error' }));
    const failed = await within(dialog).findByRole('alert');
    expect(failed).toHaveTextContent('Older notifications could not be loaded.');
    // What was shown stays, and the unread count too.
    expect(titles(dialog)).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await app.user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titles(dialog)).toHaveLength(20));
    expect(titles(dialog)[10]).toBe('Your E11 tracking has drifted');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // From the keyboard: the button is reachable and Enter loads the last page.
    const more = within(dialog).getByRole('button', { name: 'Show older' });
    more.focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(titles(dialog)).toHaveLength(23));
    expect(titles(dialog).at(-1)).toBe('Your E23 tracking has drifted');
    expect(new Set(titles(dialog)).size).toBe(23);
    expect(within(dialog).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    expect(pagesAsked(api)).toEqual([
      '?page=0&size=10',
      '?page=1&size=10',
      '?page=1&size=10',
      '?page=2&size=10',
    ]);
  });

  it('offers no Show older when everything fits on the first page', async () => {
    setSession({ accessToken: makeAccessToken() });
    const all = alerts(10, () => false);
    mockApi({ 'GET /api/notifications': (request) => pageOf(all, request) });
    const app = renderApp('/settings');
    const dialog = await openBell(app, 'Notifications, none unread');
    await waitFor(() => expect(titles(dialog)).toHaveLength(10));
    expect(within(dialog).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('marks all read on every loaded page with one request, says so when it fails, and then offers it no more', async () => {
    setSession({ accessToken: makeAccessToken() });
    // Unread on both pages: n2, n5 and n12.
    let all = alerts(12, (index) => [1, 4, 11].includes(index));
    const api = mockApi({
      'GET /api/notifications': (request) => pageOf(all, request),
      'POST /api/notifications/read-all': [
        json(500, { message: 'Internal Server Error' }),
        () => {
          all = all.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-24T13:05:00.000Z' }));
          return json(204);
        },
      ],
    });
    const app = renderApp('/settings');
    const dialog = await openBell(app, 'Notifications, 3 unread');
    await app.user.click(await within(dialog).findByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(titles(dialog)).toHaveLength(12));
    expect(within(dialog).getAllByRole('button', { name: 'Mark read' })).toHaveLength(3);

    await app.user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not mark them read.');
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/notifications/read-all')).toHaveLength(2);
    // Both loaded pages were fetched again: nothing unread is left anywhere in the list.
    await waitFor(() =>
      expect(within(dialog).queryAllByRole('button', { name: 'Mark read' })).toHaveLength(0),
    );
    expect(titles(dialog)).toHaveLength(12);
    expect(within(dialog).getAllByText(/· read/)).toHaveLength(12);
    expect(within(dialog).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Focus stays in the popover, on its heading.
    expect(within(dialog).getByRole('heading', { name: 'Notifications' })).toHaveFocus();
  });
});

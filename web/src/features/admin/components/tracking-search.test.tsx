import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';

const hit = (trackingId: string, symbol: string, ownerEmail: string, deleted = false) => ({
  trackingId,
  symbol,
  userId: `u-${trackingId}`,
  ownerEmail,
  deleted,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('Tracking search (/admin/trackings)', () => {
  it("finds trackings by the owner's e-mail or symbol and links to their time travel", async () => {
    setSession({ accessToken: adminToken() });
    const api = mockApi({
      'GET /api/admin/trackings': (request: MockRequest) =>
        json(
          200,
          request.url.searchParams.get('q') === 'ann'
            ? [hit('t-2', 'VOO', 'ann@example.com', true)]
            : [hit('t-1', 'QQQ', 'bob@example.com'), hit('t-2', 'VOO', 'ann@example.com', true)],
        ),
    });
    const app = renderApp('/admin/trackings');
    await screen.findByRole('list', { name: 'Trackings' });
    await app.user.type(screen.getByRole('searchbox', { name: 'User e-mail or symbol' }), 'ann');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    const link = await screen.findByRole('link', { name: 'Time travel: VOO tracking of ann@example.com' });
    expect(within(screen.getByRole('list', { name: 'Trackings' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/admin/trackings/t-2');
    expect(api.callsTo('GET /api/admin/trackings').at(-1)?.url.searchParams.get('q')).toBe('ann');
    expect(app.location().search).toBe('?q=ann');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANDING_TITLE, routeTitle } from '@/config/page-titles';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

describe('Page titles (issue 15: no "ETF Replicator" for a second before the page\'s own)', () => {
  it('knows every title from the URL alone', () => {
    const out = { signedIn: false };
    const signedIn = { signedIn: true };
    expect(routeTitle('/', out).title).toBe(LANDING_TITLE);
    expect(routeTitle('/', signedIn).title).toBe('Recommended ETFs · ETF Replicator');
    expect(routeTitle('/tracking/voo', signedIn).title).toBe('VOO Tracking · ETF Replicator');
    expect(routeTitle('/newtracking/QQQ', signedIn).title).toBe('New Tracking · ETF Replicator');
    expect(routeTitle('/confirmation-email-sent/', out).title).toBe('Check Your Inbox · ETF Replicator');
    expect(routeTitle('/admin/trackings/t-1', signedIn)).toEqual({
      title: 'Time travel · ETF Replicator',
      refined: true,
    });
    expect(routeTitle('/no/such/page', out).title).toBe('Page not found · ETF Replicator');
  });

  it('titles the page before its code and data have loaded, and the page keeps that title', async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({ 'GET /api/trackings/trackings-summary': json(200, []) });
    renderApp('/etftrackings');
    expect(document.title).toBe('Tracked ETFs · ETF Replicator');
    await screen.findByRole('heading', { name: 'No Tracked ETFs' });
    expect(document.title).toBe('Tracked ETFs · ETF Replicator');
  });

  it('retitles as soon as a navigation to another page starts', async () => {
    setSession();
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(document.title).toBe('Sign in to your account · ETF Replicator');
    const navigation = app.router.navigate('/tos');
    // The page's code is still loading: the router has started the navigation, nothing has rendered yet.
    expect(app.router.state.navigation.state).toBe('loading');
    expect(document.title).toBe('Terms of Service · ETF Replicator');
    expect(screen.queryByRole('heading', { level: 1, name: 'Terms of Service' })).not.toBeInTheDocument();
    await navigation;
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(document.title).toBe('Terms of Service · ETF Replicator');
  });
});

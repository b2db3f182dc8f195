import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken, makeAccessToken } from '@/testing/tokens';

const sidebarLinks = async () => {
  await screen.findByRole('heading', { level: 1, name: 'Tracked ETFs' });
  const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
  if (!nav) throw new Error('no sidebar');
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('The signed-in shell', () => {
  it('shows a user only the entries for ROLE_USER, with Settings last', async () => {
    setSession({ accessToken: makeAccessToken() });
    renderApp('/etftrackings');
    expect(await sidebarLinks()).toEqual([
      'Recommended ETFs',
      'Etf Trackings',
      'Portfolios',
      'Taxes',
      'Pricing',
      'Settings',
    ]);
  });

  it('shows an admin every entry', async () => {
    setSession({ accessToken: adminToken() });
    renderApp('/etftrackings');
    expect(await sidebarLinks()).toEqual([
      'Recommended ETFs',
      'Etf Trackings',
      'Portfolios',
      'Taxes',
      'Users',
      'TestPage',
      'UsersTable',
      'Pricing',
      'About',
      'FeedbackPanel',
      'Admin',
      'Settings',
    ]);
  });

  it('labels Pricing as Billing when the user has a plan', async () => {
    setSession({ accessToken: makeAccessToken({ plan: 'GROWTH' }) });
    renderApp('/etftrackings');
    const links = await sidebarLinks();
    expect(links).toContain('Billing');
    expect(links).not.toContain('Pricing');
  });

  it('collapses the desktop sidebar to icons', async () => {
    setSession({ accessToken: makeAccessToken() });
    const app = renderApp('/etftrackings');
    await sidebarLinks();
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await app.user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Etf Trackings' })).toHaveAttribute('title', 'Etf Trackings');
    await app.user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
  });

  it('opens the navigation as a slide-over from the top bar', async () => {
    setSession({ accessToken: makeAccessToken() });
    const app = renderApp('/etftrackings');
    await sidebarLinks();
    await app.user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const dialog = await screen.findByRole('dialog', { name: 'ETF Replicator' });
    await app.user.click(within(dialog).getByRole('link', { name: 'Recommended ETFs' }));
    await screen.findByRole('heading', { level: 1, name: 'Recommended ETFs' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has the Feedback button and the tagline in the top bar', async () => {
    setSession({ accessToken: makeAccessToken() });
    renderApp('/etftrackings');
    await sidebarLinks();
    expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
    expect(screen.getByText('Own the index, stock by stock.')).toBeInTheDocument();
  });

  it('frames a visitor page without an empty sidebar or menu: a home link, Log In and Get Started (issue 15)', async () => {
    setSession();
    renderApp('/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ETF Replicator' })).toHaveAttribute('href', '/landing');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  describe('The user menu', () => {
    it('shows the e-mail, the Free plan with Upgrade, Settings and Sign out', async () => {
      setSession({ accessToken: makeAccessToken({ sub: 'ada@example.com' }) });
      mockApi({
        'GET /api/users/user-1': json(200, { id: 'user-1', email: 'ada@example.com', oauthProviders: [] }),
      });
      const app = renderApp('/etftrackings');
      await sidebarLinks();
      await app.user.click(screen.getByRole('button', { name: 'User menu' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
      expect(within(menu).getByText('Free')).toBeInTheDocument();
      expect(within(menu).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
      await app.user.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
      await waitFor(() => expect(app.location().pathname).toBe('/settings/account'));
    });

    it('shows the plan badge of a paying user', async () => {
      setSession({ accessToken: makeAccessToken({ plan: 'PRO' }) });
      const app = renderApp('/etftrackings');
      await sidebarLinks();
      await app.user.click(screen.getByRole('button', { name: 'User menu' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByText('Pro')).toBeInTheDocument();
      expect(within(menu).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    });

    it('signs out: clears the session, calls logout, then reloads at /', async () => {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
      setSession({ accessToken: makeAccessToken() });
      const api = mockApi({ 'POST /api/auth/logout': json(204) });
      const app = renderApp('/etftrackings');
      await sidebarLinks();
      await app.user.click(screen.getByRole('button', { name: 'User menu' }));
      await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
      expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
      expect(window.localStorage.getItem('hasRefreshToken')).toBe('false');
    });
  });
});

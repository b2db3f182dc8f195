import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { adminToken, makeAccessToken } from '@/testing/tokens';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('Routes and guards', () => {
  describe('When signed out', () => {
    it('sends a protected page to /login and remembers the origin', async () => {
      setSession();
      const app = renderApp('/settings/account?tab=x');
      await heading('Sign in to your account');
      expect(app.location().pathname).toBe('/login');
      expect(app.location().state).toMatchObject({
        from: { pathname: '/settings/account', search: '?tab=x' },
      });
    });

    it('sends an admin page to /login', async () => {
      setSession();
      const app = renderApp('/users');
      await heading('Sign in to your account');
      expect(app.location().pathname).toBe('/login');
    });

    it('shows the landing page at /', async () => {
      setSession();
      renderApp('/');
      await heading('Replicate any ETF with individual stocks');
      expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
    });

    it('shows the public /pricing page inside the main layout', async () => {
      setSession();
      renderApp('/pricing');
      await heading('Pricing');
      expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
      expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    });

    it('shows the not-found page for any other path', async () => {
      setSession();
      renderApp('/no/such/page');
      await heading('Page not found');
      expect(screen.getByText("Sorry, we couldn't find the page you're looking for.")).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
      expect(screen.getByRole('link', { name: /Contact support/ })).toBeInTheDocument();
    });
  });

  describe('When signed in as a user', () => {
    it('shows the signed-in shell with Recommended ETFs at /', async () => {
      setSession({ accessToken: makeAccessToken() });
      renderApp('/');
      await heading('Recommended ETFs');
      expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
    });

    it('sends an admin page to /unauthorized', async () => {
      setSession({ accessToken: makeAccessToken() });
      const app = renderApp('/feedbackpanel');
      await heading('Unauthorized');
      expect(screen.getByText('You do not have access to the requested page.')).toBeInTheDocument();
      expect(app.location().state).toMatchObject({ from: { pathname: '/feedbackpanel' } });
    });

    it('keeps the user off guest pages', async () => {
      setSession({ accessToken: makeAccessToken() });
      const app = renderApp('/register');
      await heading('Recommended ETFs');
      expect(app.location().pathname).toBe('/');
    });

    it('redirects /settings to /settings/account', async () => {
      setSession({ accessToken: makeAccessToken() });
      mockApi({
        'GET /api/users/user-1': json(200, { id: 'user-1', email: 'ada@example.com', oauthProviders: [] }),
      });
      const app = renderApp('/settings');
      await heading('Settings');
      await waitFor(() => expect(app.location().pathname).toBe('/settings/account'));
      const tabs = screen.getByRole('navigation', { name: 'Settings' });
      await waitFor(() =>
        expect(within(tabs).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page'),
      );
      expect(within(tabs).getByRole('link', { name: 'Invoices' })).toBeInTheDocument();
    });

    it('takes an optional symbol on /newtracking', async () => {
      setSession({ accessToken: makeAccessToken() });
      renderApp('/newtracking/VOO');
      await heading('New Tracking');
      expect(screen.getByText(/Replicating VOO/)).toBeInTheDocument();
    });
  });

  describe('When the refresh flag is set on a trusted device', () => {
    it('refreshes at start-up and shows the shell', async () => {
      setSession({ persist: true, hasRefreshToken: true });
      mockApi({ 'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken() }) });
      renderApp('/etftrackings');
      await heading('Tracked ETFs');
    });

    it('goes to /login remembering the origin when the refresh is refused', async () => {
      setSession({ persist: true, hasRefreshToken: true });
      mockApi({ 'POST /api/auth/refresh-token': json(401), 'POST /api/auth/logout': json(204) });
      const app = renderApp('/etftrackings');
      await heading('Sign in to your account');
      expect(app.location().state).toMatchObject({ from: { pathname: '/etftrackings' } });
    });
  });

  describe('When signed in as an admin', () => {
    it.each([
      ['/users', 'Users'],
      ['/testpage', 'TestPage'],
      ['/userstable', 'UsersTable'],
      ['/about', 'About'],
      ['/feedbackpanel', 'Feedback Insights'],
    ])('resolves %s', async (url, title) => {
      setSession({ accessToken: adminToken() });
      renderApp(url);
      await heading(title);
    });

    it('loads /admin/* on demand', async () => {
      setSession({ accessToken: adminToken() });
      renderApp('/admin/environment');
      await heading('Environment');
      expect(screen.getByText('Mode')).toBeInTheDocument();
    });
  });

  it.each([
    ['/feedback', 'Feedback'],
    ['/feedback-noauth', 'Feedback'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/tos', 'Terms of Service'],
    ['/landing', 'Replicate any ETF with individual stocks'],
    ['/scan', 'Copy any ETF, stock by stock'],
    ['/directindexing', 'Direct Indexing'],
    ['/tax-loss-harvesting', 'Tax-loss harvesting'],
    ['/confirmation-email-sent/', 'Check Your Inbox'],
    ['/forgot-password', 'Reset Your Password'],
    ['/reset-password', 'Choose a New Password'],
    ['/unauthorized', 'Unauthorized'],
    ['/register', 'Create your account'],
  ])('resolves the public route %s', async (url, title) => {
    setSession();
    renderApp(url);
    await heading(title);
  });
});

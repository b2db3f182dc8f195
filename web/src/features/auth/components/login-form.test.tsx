import { accountMessages as m, tooManyAttemptsMessage } from '@etf-replicator/core/contracts/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session-store';
import { json, type MockResponse, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const signIn = async (
  answer: MockResponse,
  from?: string,
  routes: Record<string, MockResponse | MockResponse[]> = {},
) => {
  setSession();
  const api = mockApi({ 'POST /api/auth/login': answer, ...routes });
  const app = renderApp(
    from ? { pathname: '/login', state: { from: { pathname: from, search: '', hash: '' } } } : '/login',
  );
  await screen.findByRole('heading', { name: 'Sign in to your account' });
  await app.user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await app.user.type(screen.getByLabelText('Password'), 'Secret1!x');
  return { app, api };
};

describe('Login', () => {
  it('signs in, trusts the device when asked and returns to the origin page', async () => {
    const { app, api } = await signIn(
      json(200, { access_token: makeAccessToken({ sub: 'ada@example.com' }) }),
      '/etftrackings',
    );
    await app.user.click(screen.getByRole('checkbox', { name: 'Trust This Device' }));
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Tracked ETFs' });
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret1!x',
      persist: true,
    });
    expect(window.localStorage.getItem('persist')).toBe('true');
    expect(window.localStorage.getItem('hasRefreshToken')).toBe('true');
    expect(useSession.getState().subject).toBe('ada@example.com');
  });

  it('says under Trust This Device what it does and what happens without it (issue 32)', async () => {
    await signIn(json(200, { access_token: makeAccessToken() }));
    expect(screen.getByRole('checkbox', { name: 'Trust This Device' })).toHaveAccessibleDescription(
      'Keeps you signed in on this browser for 30 days. Without it, you are signed out when you close the browser, or after a day without using the app.',
    );
  });

  it('goes to / without an origin', async () => {
    const { app } = await signIn(json(200, { access_token: makeAccessToken() }));
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Recommended ETFs' });
    expect(app.location().pathname).toBe('/');
  });

  it.each([
    ['a disabled user', json(400, { message: 'User is disabled' }), 'User is disabled'],
    ['wrong credentials', json(400, { message: 'Bad credentials' }), 'Username or Password Invalid'],
    ['a 401', json(401), 'Unauthorized'],
    [
      'an address not confirmed yet (issue 15)',
      json(401, { message: m.emailNotConfirmed }),
      m.emailNotConfirmed,
    ],
    [
      'too many attempts (issue 15)',
      json(429, { message: tooManyAttemptsMessage(120) }),
      tooManyAttemptsMessage(120),
    ],
    ['a server error', json(500), 'Login Failed'],
    ['no answer', NO_RESPONSE, 'No Server Response'],
  ])('shows the spec message for %s and moves focus to it', async (_case, answer, message) => {
    const { app } = await signIn(answer);
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByText(message, { selector: '[role="alert"]' });
    await waitFor(() => expect(alert).toHaveFocus());
    expect(app.location().pathname).toBe('/login');
  });

  it('offers a new confirmation e-mail to an address not confirmed yet and shows the answer (issue 15)', async () => {
    const { app, api } = await signIn(json(401, { message: m.emailNotConfirmed }), undefined, {
      'POST /api/auth/resend-confirmation': json(200, { message: m.confirmationResent }),
    });
    expect(screen.queryByRole('button', { name: 'Resend confirmation e-mail' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await app.user.click(await screen.findByRole('button', { name: 'Resend confirmation e-mail' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(m.confirmationResent));
    expect(api.callsTo('POST /api/auth/resend-confirmation')[0]?.body).toEqual({
      email: 'ada@example.com',
      hostname: window.location.host,
    });
    expect(screen.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeDisabled();

    // A second refused sign-in offers it again.
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeEnabled(),
    );
  });

  it("shows a rate-limited resend's reason", async () => {
    const { app } = await signIn(json(401, { message: m.emailNotConfirmed }), undefined, {
      'POST /api/auth/resend-confirmation': json(429, { message: tooManyAttemptsMessage(3600) }),
    });
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await app.user.click(await screen.findByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText(tooManyAttemptsMessage(3600))).toHaveAttribute('role', 'alert');
  });

  it('offers no confirmation e-mail for other failures', async () => {
    const { app } = await signIn(json(429, { message: tooManyAttemptsMessage(60) }));
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText(tooManyAttemptsMessage(60), { selector: '[role="alert"]' });
    expect(screen.queryByRole('button', { name: 'Resend confirmation e-mail' })).not.toBeInTheDocument();
  });

  it('also toasts invalid credentials', async () => {
    const { app } = await signIn(json(400, { message: 'Bad credentials' }));
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(within(toasts).getByText('Username or Password Invalid')).toBeInTheDocument());
  });

  it('disables Google with the reason when the server has no Google sign-in (issue 15)', async () => {
    setSession();
    mockApi({ 'GET /api/auth/providers': json(200, { google: false }) });
    renderApp('/login');
    const google = await screen.findByRole('button', { name: 'Google' });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription(
      'Google sign-in is not set up on this server. Use your e-mail and password.',
    );
    expect(screen.queryByRole('link', { name: 'Google' })).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    setSession();
    const app = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await app.user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await app.user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to password reset, registration, Google (carrying Trust This Device) and the legal pages', async () => {
    setSession();
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute('href', '/api/auth/google');
    await app.user.click(screen.getByRole('checkbox', { name: 'Trust This Device' }));
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute(
      'href',
      '/api/auth/google?persist=true',
    );
    expect(screen.getAllByRole('link', { name: /Terms of service/i })[0]).toHaveAttribute('href', '/tos');
    expect(screen.getAllByRole('link', { name: /Privacy policy/i })[0]).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  describe('When Google sends the user back with ?code&state', () => {
    it('finishes a sign-in that began on the login page', async () => {
      setSession();
      mockApi({ 'GET /api/auth/oauth-callback': json(200, { access_token: makeAccessToken() }) });
      const app = renderApp('/login?code=abc&state=login.xyz');
      await screen.findByRole('heading', { level: 1, name: 'Recommended ETFs' });
      expect(app.location().pathname).toBe('/');
    });

    it('goes to /settings/account after connecting an account, even when already signed in', async () => {
      setSession({ accessToken: makeAccessToken() });
      const api = mockApi({
        'GET /api/auth/oauth-callback': json(200, { access_token: makeAccessToken() }),
        'GET /api/users/user-1': json(200, { id: 'user-1', email: 'ada@example.com', oauthProviders: [] }),
      });
      const app = renderApp('/login?code=abc&state=connect.xyz');
      await waitFor(() => expect(app.location().pathname).toBe('/settings/account'));
      expect(api.calls[0]?.url.searchParams.get('state')).toBe('connect.xyz');
    });

    it('toasts an e-mail conflict and goes to /settings/account', async () => {
      setSession({ accessToken: makeAccessToken() });
      mockApi({
        'GET /api/auth/oauth-callback': json(400, { message: 'Account with email already exists.' }),
        'GET /api/users/user-1': json(200, { id: 'user-1', email: 'ada@example.com', oauthProviders: [] }),
      });
      const app = renderApp('/login?code=abc&state=connect.xyz');
      await screen.findByText('Account with email already exists.');
      await waitFor(() => expect(app.location().pathname).toBe('/settings/account'));
    });

    it('shows a disabled user on the login page', async () => {
      setSession();
      mockApi({ 'GET /api/auth/oauth-callback': json(400, { message: 'User is disabled' }) });
      renderApp('/login?code=abc&state=login.xyz');
      expect(await screen.findByRole('alert')).toHaveTextContent('User is disabled');
    });
  });
});

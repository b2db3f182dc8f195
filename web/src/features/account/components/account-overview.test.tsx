import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const user = (providers: string[]) => ({
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  oauthProviders: providers.map((provider) => ({ provider, email: 'ada@example.com' })),
});

const openAccount = async (providers: string[], routes: Parameters<typeof mockApi>[0] = {}) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({ 'GET /api/users/user-1': json(200, user(providers)), ...routes });
  const app = renderApp('/settings/account');
  await screen.findByRole('heading', { name: 'Profile' });
  return { app, api };
};

const toasts = () => screen.findByRole('region', { name: /Notifications/ });

describe('Settings → Account', () => {
  it('shows the profile, the e-mail with its edit link and the masked password', async () => {
    await openAccount(['emailpassword']);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit email' })).toHaveAttribute(
      'href',
      '/settings/account/change-email',
    );
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/settings/account/change-password',
    );
    expect(screen.getByRole('button', { name: 'Connect to Google' })).toBeInTheDocument();
  });

  it('hides the password without an e-mail/password login', async () => {
    await openAccount(['google']);
    expect(screen.queryByRole('link', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('sends the browser to the URL the server answers for Connect to Google', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { app } = await openAccount(['emailpassword'], {
      'GET /api/manage-connection/google': json(200, 'https://accounts.google.com/o/oauth2/auth?x=1'),
    });
    await app.user.click(screen.getByRole('button', { name: 'Connect to Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
  });

  it('disables Connect to Google with the reason when the server has no Google sign-in (issue 15)', async () => {
    const { app, api } = await openAccount(['emailpassword'], {
      'GET /api/auth/providers': json(200, { google: false }),
    });
    const connect = screen.getByRole('button', { name: 'Connect to Google' });
    await waitFor(() => expect(connect).toBeDisabled());
    expect(connect).toHaveAccessibleDescription(
      'Google sign-in is not set up on this server, so a Google account cannot be connected.',
    );
    await app.user.click(connect);
    expect(api.callsTo('GET /api/manage-connection/google')).toHaveLength(0);
  });

  it('keeps Disconnect for a connected Google account when Google is not configured', async () => {
    await openAccount(['emailpassword', 'google'], {
      'GET /api/auth/providers': json(200, { google: false }),
    });
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(screen.queryByText(/cannot be connected/)).not.toBeInTheDocument();
  });

  it("toasts the server's reason when Google cannot be reached for connecting", async () => {
    const { app } = await openAccount(['emailpassword'], {
      'GET /api/auth/providers': json(200, { google: true }),
      'GET /api/manage-connection/google': json(503, { message: 'Google sign-in is not configured' }),
    });
    await app.user.click(screen.getByRole('button', { name: 'Connect to Google' }));
    await within(await toasts()).findByText('Google sign-in is not configured');
  });

  it('disconnects Google and removes it from the list', async () => {
    const { app, api } = await openAccount(['emailpassword', 'google'], {
      'POST /api/manage-connection/disconnect': json(200),
    });
    await app.user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await within(await toasts()).findByText('Disconnected successfully');
    expect(screen.getByRole('button', { name: 'Connect to Google' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/manage-connection/disconnect')[0]?.body).toEqual({
      providerType: 'google',
    });
  });

  it.each([
    ['Something went wrong. Provider not found.', 'Something went wrong. Provider not found.'],
    ['Bad request', 'Something went wrong. Please try again later.'],
  ])('toasts the spec message when disconnecting fails with %s', async (serverMessage, shown) => {
    const { app } = await openAccount(['emailpassword', 'google'], {
      'POST /api/manage-connection/disconnect': json(400, { message: serverMessage }),
    });
    await app.user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await within(await toasts()).findByText(shown);
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('blocks disconnecting the only provider and offers a create-password link', async () => {
    const { app, api } = await openAccount(['google'], { 'POST /api/auth/forgot-password': json(200) });
    await app.user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a password first' });
    expect(api.callsTo('POST /api/manage-connection/disconnect')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Send create-password link' }));
    await within(await toasts()).findByText(
      'We sent a message to ada@example.com with a link to create your password. Check your email!',
    );
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toMatchObject({
      email: 'ada@example.com',
    });
  });

  it('opens the same prompt when the server refuses to remove the only provider', async () => {
    const { app } = await openAccount(['google', 'emailpassword'], {
      'POST /api/manage-connection/disconnect': json(409, { message: 'conflict' }),
    });
    await app.user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a password first' });
    expect(dialog).toHaveTextContent('You cannot disconnect your only way to sign in.');
  });

  it('toasts a failed create-password link', async () => {
    const { app } = await openAccount(['google'], { 'POST /api/auth/forgot-password': json(500) });
    await app.user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a password first' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send create-password link' }));
    await within(await toasts()).findByText('An error occurred while sending the email. Please try again.');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

const openChangePassword = async (answer: MockResponse = json(202)) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({ 'PATCH /api/users/change-password': answer });
  const app = renderApp('/settings/account/change-password');
  await screen.findByRole('heading', { name: 'Change password' });
  return { app, api };
};

const fillPasswords = async (app: ReturnType<typeof renderApp>, confirmation = 'Newpass1!') => {
  await app.user.type(screen.getByLabelText('Current Password'), 'Oldpass1!');
  await app.user.type(screen.getByLabelText('New Password'), 'Newpass1!');
  await app.user.type(screen.getByLabelText('Confirm New Password'), confirmation);
};

describe('Settings → change password', () => {
  it('changes the password (202) and says so', async () => {
    const { app, api } = await openChangePassword();
    await fillPasswords(app);
    await app.user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully!');
    expect(api.calls.find((call) => call.method !== 'GET')?.body).toEqual({
      currentPassword: 'Oldpass1!',
      newPassword: 'Newpass1!',
      confirmationPassword: 'Newpass1!',
    });
  });

  it('hints that the confirmation must match the new password', async () => {
    const { app } = await openChangePassword();
    await fillPasswords(app, 'Newpass1?');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription(
      'Must match the new password.',
    );
  });

  it.each([
    ['400', json(400), 'Incorrect current password.'],
    ['409', json(409), 'New password must differ from the current one.'],
    ['422', json(422), 'Passwords do not match.'],
    ['500', json(500), 'Something went wrong. Please try again.'],
  ])('shows the spec message for %s and focuses it', async (_case, answer, message) => {
    const { app } = await openChangePassword(answer);
    await fillPasswords(app);
    await app.user.click(screen.getByRole('button', { name: 'Change Password' }));
    const alert = await screen.findByText(message, { selector: '[role="alert"]' });
    await waitFor(() => expect(alert).toHaveFocus());
  });
});

describe('Settings → change e-mail', () => {
  const submit = async (answer: MockResponse) => {
    setSession({ accessToken: makeAccessToken() });
    const api = mockApi({
      'PATCH /api/users/change-email': answer,
      'POST /api/auth/refresh-token': json(401),
    });
    const app = renderApp('/settings/account/change-email');
    await app.user.type(await screen.findByLabelText('New Email'), 'new@example.com');
    await app.user.type(screen.getByLabelText('Current Password'), 'Secret12!');
    await app.user.click(screen.getByRole('button', { name: 'Change Email' }));
    return api;
  };

  it('sends the new address and the current password with the host and explains the next step', async () => {
    const api = await submit(json(202));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'An email has been sent to your new address. Please check your inbox to confirm.',
    );
    expect(api.calls.find((call) => call.method !== 'GET')?.body).toEqual({
      newEmail: 'new@example.com',
      currentPassword: 'Secret12!',
      hostname: window.location.host,
    });
  });

  it('asks for the current password before sending anything', async () => {
    setSession({ accessToken: makeAccessToken() });
    const api = mockApi({ 'PATCH /api/users/change-email': json(202) });
    const app = renderApp('/settings/account/change-email');
    await app.user.type(await screen.findByLabelText('New Email'), 'new@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(
      await screen.findByText('Please enter your current password.', { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/users/change-email')).toHaveLength(0);
  });

  it.each([
    ['400', json(400), 'Invalid email format.'],
    [
      '400 wrong password',
      json(400, { message: 'Incorrect current password.' }),
      'Incorrect current password.',
    ],
    ['409', json(409), 'Email already in use.'],
    ['500', json(500), 'Something went wrong. Please try again.'],
  ])('shows the spec message for %s', async (_case, answer, message) => {
    await submit(answer);
    expect(await screen.findByText(message, { selector: '[role="alert"]' })).toBeInTheDocument();
  });

  it("shows 'Unauthorized. Please log in.' when the session cannot be renewed", async () => {
    setSession({ accessToken: makeAccessToken() });
    mockApi({
      'PATCH /api/users/change-email': json(401),
      'POST /api/auth/refresh-token': json(500),
    });
    const app = renderApp('/settings/account/change-email');
    await app.user.type(await screen.findByLabelText('New Email'), 'new@example.com');
    await app.user.type(screen.getByLabelText('Current Password'), 'Secret12!');
    await app.user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(
      await screen.findByText('Unauthorized. Please log in.', { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
  });
});

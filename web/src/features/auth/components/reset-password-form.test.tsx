import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockResponse, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';

const submit = async (answer: MockResponse) => {
  setSession();
  const api = mockApi({ 'POST /api/auth/reset-password': answer });
  const app = renderApp('/reset-password?token=tok-1');
  await app.user.type(await screen.findByLabelText('New Password'), 'Newpass1!');
  await app.user.type(screen.getByLabelText('Confirm Password'), 'Newpass1!');
  await app.user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return api;
};

describe('Reset password', () => {
  it('says the token is missing', async () => {
    setSession();
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or missing token. Please request a new password reset.',
    );
  });

  it('resets with the token and offers Go to Login', async () => {
    const api = await submit(json(200, 'Password reset successfully.'));
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset successfully.');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(api.calls[0]?.body).toEqual({ token: 'tok-1', password: 'Newpass1!' });
  });

  it.each([
    ['404', json(404), 'Token not found. Please request a new password reset email.'],
    ['410', json(410), 'Token has expired. Please request a new password reset email.'],
    ['500', json(500), "Failed to reset your password. Server didn't respond. Please try again later."],
    ['no answer', NO_RESPONSE, 'No response received. Please try again.'],
  ])('shows the spec message for %s', async (_case, answer, message) => {
    await submit(answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('hints the rules and the match', async () => {
    setSession();
    const app = renderApp('/reset-password?token=tok-1');
    await app.user.type(await screen.findByLabelText('New Password'), 'weak');
    await app.user.type(screen.getByLabelText('Confirm Password'), 'weaker');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      '8-24 characters, must include uppercase, lowercase, number, and special character (!@#$%).',
    );
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Must match the password above.',
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

describe('Account activation', () => {
  it('confirms on load, once, and offers Log In', async () => {
    setSession();
    const api = mockApi({ 'GET /api/auth/confirm': json(200, 'Account confirmed') });
    renderApp('/account-activation?token=tok-1');
    expect(await screen.findByText('Account confirmed')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.url.searchParams.get('token')).toBe('tok-1');
  });

  it.each<[string, MockResponse, string]>([
    ['404', json(404), 'Token not found. Please check your confirmation link.'],
    ['409', json(409), 'Email already confirmed.'],
    ['410', json(410), 'Token has expired. Please request a new confirmation email.'],
    ['500', json(500), 'Failed to confirm your account. Please try again.'],
  ])('shows the spec message for %s', async (_case, answer, message) => {
    setSession();
    mockApi({ 'GET /api/auth/confirm': answer });
    renderApp('/account-activation?token=tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Update e-mail', () => {
  it('confirms on load and refreshes the session to pick up the new address', async () => {
    setSession({ accessToken: makeAccessToken({ sub: 'old@example.com' }) });
    const api = mockApi({
      'GET /api/auth/update-email': json(200, 'Email updated'),
      'POST /api/auth/refresh-token': json(200, {
        access_token: makeAccessToken({ sub: 'new@example.com' }),
      }),
    });
    renderApp('/update-email?token=tok-2');
    expect(await screen.findByText('Email updated successfully.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(api.callsTo('POST /api/auth/refresh-token')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings/account');
  });

  it.each<[string, MockResponse, string]>([
    ['404', json(404), 'Token not found. Please request a new email change.'],
    ['410', json(410), 'Token has expired. Please request a new email change.'],
    ['500', json(500), 'Failed to update your email address. Please try again.'],
  ])('shows the spec message for %s', async (_case, answer, message) => {
    setSession();
    mockApi({ 'GET /api/auth/update-email': answer });
    renderApp('/update-email?token=tok-2');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

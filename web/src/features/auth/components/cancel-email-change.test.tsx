import { accountMessages as m } from '@etf-replicator/core/contracts/accounts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session-store';
import { json, type MockResponse, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

describe('Cancel an e-mail change (/cancel-email-change)', () => {
  it('cancels on load, ends this tab’s session and offers a password reset', async () => {
    setSession({ accessToken: makeAccessToken() });
    const api = mockApi({
      'GET /api/auth/cancel-email-change': json(200, { message: m.emailChangeCancelled }),
    });
    renderApp('/cancel-email-change?token=tok-9');
    expect(await screen.findByText(m.emailChangeCancelled)).toHaveAttribute('role', 'status');
    expect(api.callsTo('GET /api/auth/cancel-email-change')[0]?.url.searchParams.get('token')).toBe('tok-9');
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect.poll(() => useSession.getState().accessToken).toBeUndefined();
  });

  it.each<[string, MockResponse, string]>([
    ['404', json(404), m.cancelEmailChangeTokenNotFound],
    ['410', json(410), m.cancelEmailChangeTokenExpired],
    ['409', json(409), m.emailChangeAlreadyConfirmed],
    [
      '500',
      json(500),
      'The email change could not be cancelled. Please try again, or reset your password now.',
    ],
  ])('explains a %s', async (_case, answer, message) => {
    setSession();
    mockApi({ 'GET /api/auth/cancel-email-change': answer });
    renderApp('/cancel-email-change?token=tok-9');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('explains a link without a token', async () => {
    setSession();
    mockApi({});
    renderApp('/cancel-email-change');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.cancelEmailChangeTokenNotFound);
  });
});

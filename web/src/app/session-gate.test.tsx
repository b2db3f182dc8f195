import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session-store';
import { json, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { SessionGate } from './session-gate';

const renderGate = () =>
  render(
    <SessionGate>
      <p>App content</p>
    </SessionGate>,
  );

describe('SessionGate', () => {
  it('renders the app at once when nobody may be signed in', () => {
    setSession({ persist: true, hasRefreshToken: false });
    mockApi({});
    renderGate();
    expect(screen.getByText('App content')).toBeInTheDocument();
  });

  it('shows the app after the start-up refresh', async () => {
    setSession({ persist: true, hasRefreshToken: true });
    mockApi({
      'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken({ userId: 'u-1' }) }),
    });
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    expect(await screen.findByText('App content')).toBeInTheDocument();
    expect(useSession.getState().userId).toBe('u-1');
  });

  it('offers a retry instead of signing out when the server cannot be reached, and the retry restores', async () => {
    setSession({ persist: true, hasRefreshToken: true });
    const api = mockApi({
      'POST /api/auth/refresh-token': [
        NO_RESPONSE,
        json(200, { access_token: makeAccessToken({ userId: 'u-2' }) }),
      ],
    });
    const user = userEvent.setup();
    renderGate();
    await screen.findByRole('heading', { name: 'We could not restore your session' });
    expect(screen.queryByText('App content')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(window.localStorage.getItem('hasRefreshToken')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('App content')).toBeInTheDocument();
    expect(useSession.getState().userId).toBe('u-2');
    expect(api.callsTo('POST /api/auth/refresh-token')).toHaveLength(2);
  });

  it('retries by itself when the browser comes back online', async () => {
    setSession({ persist: true, hasRefreshToken: true });
    mockApi({ 'POST /api/auth/refresh-token': [json(503), json(200, { access_token: makeAccessToken() })] });
    renderGate();
    await screen.findByRole('heading', { name: 'We could not restore your session' });
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('App content')).toBeInTheDocument();
  });

  it('retries when the browser comes back online the moment the screen shows', async () => {
    setSession({ persist: true, hasRefreshToken: true });
    mockApi({ 'POST /api/auth/refresh-token': [json(503), json(200, { access_token: makeAccessToken() })] });
    // A mutation observer runs right after React's commit, before its passive effects: the 'online' event lands in
    // the gap where a listener added by an effect of the 'unreachable' screen would not exist yet.
    const observer = new MutationObserver(() => {
      if (!document.body.textContent?.includes('We could not restore your session')) return;
      observer.disconnect();
      window.dispatchEvent(new Event('online'));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderGate();
    expect(await screen.findByText('App content')).toBeInTheDocument();
    observer.disconnect();
  });

  it('lets the visitor continue signed out, which ends the sign-in', async () => {
    setSession({ persist: true, hasRefreshToken: true });
    const api = mockApi({ 'POST /api/auth/refresh-token': NO_RESPONSE, 'POST /api/auth/logout': json(200) });
    const user = userEvent.setup();
    renderGate();
    await user.click(await screen.findByRole('button', { name: 'Continue signed out' }));
    expect(await screen.findByText('App content')).toBeInTheDocument();
    expect(window.localStorage.getItem('hasRefreshToken')).toBe('false');
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });
});

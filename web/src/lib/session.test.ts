import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session-store';
import { json, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { registerNavigator } from './navigation';
import { refreshAccessToken, restoreSession, signOut, startSession } from './session';

const navigate = vi.fn();
const origin = { pathname: '/settings/account', search: '?tab=1', hash: '' };

beforeEach(() => {
  navigate.mockReset();
  registerNavigator(navigate, () => origin);
});

describe('Session', () => {
  describe('When a login succeeds', () => {
    it('keeps the token and its claims in memory and sets hasRefreshToken', () => {
      setSession();
      startSession(makeAccessToken({ sub: 'ada@example.com', plan: 'PRO' }));
      expect(useSession.getState()).toMatchObject({
        subject: 'ada@example.com',
        plan: 'PRO',
        roles: ['ROLE_USER'],
      });
      expect(window.localStorage.getItem('hasRefreshToken')).toBe('true');
      expect(Object.values(window.localStorage).some((value) => value.includes('.'))).toBe(false);
    });
  });

  describe('When signing out', () => {
    it('clears the session, calls logout and sets hasRefreshToken false', async () => {
      setSession({ accessToken: makeAccessToken() });
      const api = mockApi({ 'POST /api/auth/logout': json(204) });
      await signOut();
      expect(useSession.getState().accessToken).toBeUndefined();
      expect(window.localStorage.getItem('hasRefreshToken')).toBe('false');
      expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
      expect(api.calls[0]?.credentials).toBe('include');
    });
  });

  describe('At start-up', () => {
    it('forgets the refresh flag of an untrusted device and does not refresh', async () => {
      setSession({ persist: false, hasRefreshToken: true });
      const api = mockApi({});
      await restoreSession();
      expect(window.localStorage.getItem('hasRefreshToken')).toBe('false');
      expect(useSession.getState().hasRefreshToken).toBe(false);
      expect(api.calls).toHaveLength(0);
    });

    it('refreshes after a reload of a tab that signed in without Trust This Device (issue 32)', async () => {
      setSession({ persist: false, hasRefreshToken: true, signedInThisTab: true });
      const api = mockApi({
        'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken({ userId: 'u-7' }) }),
      });
      expect(await restoreSession()).toBe('signed-in');
      expect(useSession.getState().userId).toBe('u-7');
      expect(window.localStorage.getItem('hasRefreshToken')).toBe('true');
      expect(api.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
    });

    it('refreshes a reloaded tab even when another tab of a new browser session reset the flag', async () => {
      setSession({ persist: false, hasRefreshToken: false, signedInThisTab: true });
      mockApi({
        'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken({ userId: 'u-8' }) }),
      });
      expect(await restoreSession()).toBe('signed-in');
      expect(useSession.getState().hasRefreshToken).toBe(true);
    });

    it('marks the tab as signed in at login and forgets it at sign-out', async () => {
      setSession();
      startSession(makeAccessToken());
      expect(window.sessionStorage.getItem('signedInThisTab')).toBe('true');
      mockApi({ 'POST /api/auth/logout': json(204) });
      await signOut();
      expect(window.sessionStorage.getItem('signedInThisTab')).toBeNull();
    });

    it('refreshes a trusted device that has the flag', async () => {
      setSession({ persist: true, hasRefreshToken: true });
      mockApi({
        'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken({ userId: 'u-9' }) }),
      });
      await restoreSession();
      expect(useSession.getState().userId).toBe('u-9');
    });

    it('does nothing without the flag', async () => {
      setSession({ persist: true, hasRefreshToken: false });
      const api = mockApi({});
      await restoreSession();
      expect(api.calls).toHaveLength(0);
    });

    it('signs out and goes to /login remembering the origin when the refresh is refused', async () => {
      setSession({ persist: true, hasRefreshToken: true });
      mockApi({ 'POST /api/auth/refresh-token': json(403), 'POST /api/auth/logout': json(204) });
      await restoreSession();
      expect(window.localStorage.getItem('hasRefreshToken')).toBe('false');
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { from: origin } });
    });

    it('keeps the sign-in and answers unreachable when the server does not answer or fails', async () => {
      for (const failure of [NO_RESPONSE, json(503), json(429)]) {
        setSession({ persist: true, hasRefreshToken: true });
        const api = mockApi({ 'POST /api/auth/refresh-token': failure });
        await expect(restoreSession()).resolves.toBe('unreachable');
        expect(useSession.getState().hasRefreshToken).toBe(true);
        expect(window.localStorage.getItem('hasRefreshToken')).toBe('true');
        expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
        expect(navigate).not.toHaveBeenCalled();
      }
    });

    it('answers signed-in after a refresh and signed-out after a refused one', async () => {
      setSession({ persist: true, hasRefreshToken: true });
      mockApi({ 'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken() }) });
      await expect(restoreSession()).resolves.toBe('signed-in');
      setSession({ persist: true, hasRefreshToken: true });
      mockApi({ 'POST /api/auth/refresh-token': json(401), 'POST /api/auth/logout': json(204) });
      await expect(restoreSession()).resolves.toBe('signed-out');
    });
  });

  describe('When a refresh is answered 401', () => {
    it('signs out and goes to /login while the flag is true', async () => {
      setSession({ accessToken: makeAccessToken() });
      const api = mockApi({ 'POST /api/auth/refresh-token': json(401), 'POST /api/auth/logout': json(204) });
      await expect(refreshAccessToken()).rejects.toMatchObject({ status: 401 });
      expect(useSession.getState().accessToken).toBeUndefined();
      expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
      expect(navigate).toHaveBeenCalledOnce();
    });

    it('leaves everything alone when the flag is already false', async () => {
      setSession({ hasRefreshToken: false });
      const api = mockApi({ 'POST /api/auth/refresh-token': json(401) });
      await expect(refreshAccessToken()).rejects.toMatchObject({ status: 401 });
      expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  describe('When the refreshed token cannot be decoded', () => {
    it('raises the decoding error of spec 1 §8', async () => {
      setSession({ accessToken: makeAccessToken() });
      mockApi({ 'POST /api/auth/refresh-token': json(200, {}) });
      await expect(refreshAccessToken()).rejects.toThrow('Invalid token specified: must be a string');
    });
  });

  it('shares one refresh between concurrent callers', async () => {
    setSession({ accessToken: makeAccessToken() });
    const api = mockApi({ 'POST /api/auth/refresh-token': json(200, { access_token: makeAccessToken() }) });
    await Promise.all([refreshAccessToken(), refreshAccessToken()]);
    expect(api.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session-store';
import { json, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { api, publicApi } from './api-client';
import { registerNavigator } from './navigation';
import { startSession } from './session';

const navigate = vi.fn();
const oldToken = makeAccessToken({ userId: 'old' });
const newToken = makeAccessToken({ userId: 'new' });

beforeEach(() => {
  navigate.mockReset();
  registerNavigator(navigate, () => ({ pathname: '/etftrackings', search: '', hash: '' }));
  setSession({ accessToken: oldToken });
});

describe('The API client', () => {
  it('sends the bearer token, JSON and cookies', async () => {
    const mock = mockApi({ 'PATCH /api/users/change-email': json(202) });
    await api.patch('/api/users/change-email', { newEmail: 'b@example.com' });
    const [call] = mock.calls;
    expect(call?.headers.get('authorization')).toBe(`Bearer ${oldToken}`);
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.credentials).toBe('include');
    expect(call?.body).toEqual({ newEmail: 'b@example.com' });
  });

  it('sends no content type without a body (the server rejects an empty JSON body)', async () => {
    const mock = mockApi({ 'POST /api/auth/logout': json(204) });
    await publicApi.post('/api/auth/logout');
    expect(mock.calls[0]?.headers.has('content-type')).toBe(false);
  });

  it('turns an error answer into ApiError with the server message', async () => {
    mockApi({ 'GET /api/users/user-1': json(500, { message: 'Boom' }) });
    await expect(api.get('/api/users/user-1')).rejects.toMatchObject({ status: 500, message: 'Boom' });
  });

  it('turns a missing answer into ApiError without a status', async () => {
    mockApi({ 'GET /api/users/user-1': NO_RESPONSE });
    await expect(api.get('/api/users/user-1')).rejects.toMatchObject({ status: undefined, noResponse: true });
  });

  describe('When a call is answered 403', () => {
    it('refreshes once and retries with the new bearer token', async () => {
      const mock = mockApi({
        'GET /api/users/user-1': [json(403), json(200, { id: 'user-1' })],
        'POST /api/auth/refresh-token': json(200, { access_token: newToken }),
      });
      await expect(api.get('/api/users/user-1')).resolves.toEqual({ id: 'user-1' });
      const calls = mock.callsTo('GET /api/users/user-1');
      expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
        `Bearer ${oldToken}`,
        `Bearer ${newToken}`,
      ]);
      expect(useSession.getState().userId).toBe('new');
    });

    it('retries only once', async () => {
      const mock = mockApi({
        'GET /api/users': [json(403), json(403, { message: 'Forbidden' })],
        'POST /api/auth/refresh-token': json(200, { access_token: newToken }),
      });
      await expect(api.get('/api/users')).rejects.toMatchObject({ status: 403 });
      expect(mock.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
      expect(mock.callsTo('GET /api/users')).toHaveLength(2);
    });

    it('passes the error on when the refresh fails, signs out and goes to /login', async () => {
      mockApi({
        'GET /api/users': json(403, { message: 'Forbidden' }),
        'POST /api/auth/refresh-token': json(401),
        'POST /api/auth/logout': json(204),
      });
      await expect(api.get('/api/users')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
      expect(useSession.getState().accessToken).toBeUndefined();
      expect(navigate).toHaveBeenCalledWith('/login', {
        replace: true,
        state: { from: { pathname: '/etftrackings', search: '', hash: '' } },
      });
    });

    it('shares one refresh between concurrent calls', async () => {
      const mock = mockApi({
        'GET /api/a': [json(403), json(200, 'a')],
        'GET /api/b': [json(403), json(200, 'b')],
        'POST /api/auth/refresh-token': json(200, { access_token: newToken }),
      });
      await expect(Promise.all([api.get('/api/a'), api.get('/api/b')])).resolves.toEqual(['a', 'b']);
      expect(mock.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
    });
  });

  it('treats our API’s 401 for an expired token like a 403', async () => {
    mockApi({
      'GET /api/users/user-1': [json(401), json(200, { id: 'user-1' })],
      'POST /api/auth/refresh-token': json(200, { access_token: newToken }),
    });
    await expect(api.get('/api/users/user-1')).resolves.toEqual({ id: 'user-1' });
  });

  it('does not refresh on other errors', async () => {
    const mock = mockApi({ 'PATCH /api/users/change-password': json(409, { message: 'Conflict' }) });
    await expect(api.patch('/api/users/change-password', {})).rejects.toMatchObject({ status: 409 });
    expect(mock.callsTo('POST /api/auth/refresh-token')).toHaveLength(0);
  });

  describe("When a call is answered 404 'User not found'", () => {
    it('signs out, once', async () => {
      const mock = mockApi({
        'GET /api/users/user-1': json(404, { message: 'User not found' }),
        'POST /api/auth/logout': json(204),
      });
      await Promise.allSettled([api.get('/api/users/user-1'), api.get('/api/users/user-1')]);
      expect(useSession.getState().accessToken).toBeUndefined();
      expect(mock.callsTo('POST /api/auth/logout')).toHaveLength(1);
    });

    it('signs out again in a later session', async () => {
      const mock = mockApi({
        'GET /api/users/user-1': json(404, { message: 'User not found' }),
        'POST /api/auth/logout': json(204),
      });
      await api.get('/api/users/user-1').catch(() => undefined);
      startSession(oldToken);
      await api.get('/api/users/user-1').catch(() => undefined);
      expect(mock.callsTo('POST /api/auth/logout')).toHaveLength(2);
    });

    it('leaves other 404s alone', async () => {
      const mock = mockApi({ 'GET /api/trackings/x': json(404, { message: 'Tracking not found' }) });
      await expect(api.get('/api/trackings/x')).rejects.toMatchObject({ status: 404 });
      expect(mock.callsTo('POST /api/auth/logout')).toHaveLength(0);
      expect(useSession.getState().accessToken).toBe(oldToken);
    });
  });

  describe('When the stored refresh flag is false', () => {
    it('signs out instead of sending the call', async () => {
      window.localStorage.setItem('hasRefreshToken', 'false');
      const mock = mockApi({ 'POST /api/auth/logout': json(204) });
      await expect(api.get('/api/users/user-1')).rejects.toMatchObject({ status: 401 });
      expect(mock.callsTo('GET /api/users/user-1')).toHaveLength(0);
      expect(mock.callsTo('POST /api/auth/logout')).toHaveLength(1);
      expect(useSession.getState().accessToken).toBeUndefined();
    });
  });
});

import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_ADMIN, ROLE_USER, type SessionUser } from '../auth/session-user';
import auth from './auth';
import errorHandler from './error-handler';

const secret = 'a'.repeat(40);
const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const claims = { sub: 'ann@example.com', userId: 'u-1', roles: [{ authority: ROLE_USER }] };

describe('auth plugin', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(errorHandler);
    await app.register(auth, { secret, checkSession: async (user) => user });
    app.get('/me', { onRequest: [app.authenticate] }, async (request) => request.user);
    app.get('/admin', { onRequest: [app.requireRole(ROLE_ADMIN)] }, async () => 'admin');
    app.get('/maybe', { onRequest: [app.identify] }, async (request) => ({
      userId: request.user?.userId ?? null,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('accepts its own tokens and exposes the session user', async () => {
    const response = await get('/me', app.signAccessToken(claims));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: 'u-1', email: 'ann@example.com', roles: [ROLE_USER] });
  });

  it('rejects a missing token with 401', async () => {
    expect((await get('/me')).statusCode).toBe(401);
  });

  it('rejects a token signed with another key', async () => {
    const other = Fastify();
    await other.register(auth, { secret: 'b'.repeat(40), checkSession: async (user) => user });
    await other.ready();
    expect((await get('/me', other.signAccessToken(claims))).statusCode).toBe(401);
    await other.close();
  });

  it('rejects alg: none', async () => {
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iat: Math.floor(Date.now() / 1000) })}.`;
    expect((await get('/me', token)).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url({ alg: 'HS256', typ: 'JWT' });
    const payload = base64url({ ...claims, iat: now - 3600, exp: now - 1800 });
    const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    expect((await get('/me', `${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });

  it('rejects a tampered payload', async () => {
    const [header, , signature] = app.signAccessToken(claims).split('.');
    const forged = base64url({ ...claims, roles: [{ authority: ROLE_ADMIN }] });
    expect((await get('/admin', `${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('answers 403 to a user without the role and 200 to an admin', async () => {
    expect((await get('/admin', app.signAccessToken(claims))).statusCode).toBe(403);
    const admin = app.signAccessToken({ ...claims, roles: [{ authority: ROLE_ADMIN }] });
    expect((await get('/admin', admin)).statusCode).toBe(200);
  });

  const signed = (payload: object) => {
    const header = base64url({ alg: 'HS256', typ: 'JWT' });
    const body = base64url(payload);
    return `${header}.${body}.${createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')}`;
  };

  it('refuses a token it accepted before once that token has expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = signed({ ...claims, iat: now, exp: now + 60 });
    expect((await get('/me', token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 60) * 1000); // still valid at exp itself, as fast-jwt counts it
      expect((await get('/me', token)).statusCode).toBe(200);
      vi.setSystemTime((now + 61) * 1000);
      expect((await get('/me', token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a forged variant of a token it accepted before', async () => {
    const token = app.signAccessToken(claims);
    expect((await get('/admin', token)).statusCode).toBe(403);
    const [header, , signature] = token.split('.');
    const forged = base64url({ ...claims, roles: [{ authority: ROLE_ADMIN }] });
    expect((await get('/admin', `${header}.${forged}.${signature}`)).statusCode).toBe(401);
    expect((await get('/admin', `${token}x`)).statusCode).toBe(401);
  });

  it('identifies optionally without ever rejecting', async () => {
    expect((await get('/maybe')).json()).toEqual({ userId: null });
    expect((await get('/maybe', 'garbage')).json()).toEqual({ userId: null });
    expect((await get('/maybe', app.signAccessToken(claims))).json()).toEqual({ userId: 'u-1' });
  });
});

describe('auth plugin with a sign-in that ends', () => {
  it('checks the sign-in on every request, also for a token it verified before', async () => {
    let signedIn = true;
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(auth, {
      secret,
      checkSession: async (user: SessionUser) => (signedIn ? user : undefined),
    });
    app.get('/me', { onRequest: [app.authenticate] }, async (request) => request.user);
    await app.ready();
    try {
      const headers = { authorization: `Bearer ${app.signAccessToken(claims)}` };
      expect((await app.inject({ method: 'GET', url: '/me', headers })).statusCode).toBe(200);
      signedIn = false;
      expect((await app.inject({ method: 'GET', url: '/me', headers })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

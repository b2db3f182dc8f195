import { accountMessages as m, validationMessages } from '@etf-replicator/core/contracts/accounts';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { purgeExpiredSecrets } from '../../accounts/purge-expired';
import {
  bearer,
  login,
  mailbox,
  PASSWORD,
  refreshCookieOf,
  register,
  signedInUser,
  tokenOf,
  uniqueEmail,
  waitForMail,
} from '../../accounts/testing/account-test-helpers';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

/** The e-mailed links: password reset, expiry (410), single use (404) and where links may point. */
describe.each(await testStores())('E-mailed links on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      store,
      env: {
        PUBLIC_APP_URL: 'https://app.example.com',
        ALLOWED_HOSTS: 'localhost:5173,https://beta.example.com',
      },
    });
  });
  afterAll(() => app?.dispose());
  const expireTokens = (email: string) =>
    app.testDb.pool.query(sql.unsafe`
      update account_tokens set expires_at = now() - interval '1 second' where email = ${email} and used_at is null`);

  it('resets a password once, ends existing sign-ins, and refuses used, unknown and expired links', async () => {
    const user = await signedInUser(app);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const [mail] = await waitForMail(app, user.email, 2);
    const token = tokenOf(mail?.links[0]);
    const reset = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });

    let response = await reset({ token, password: 'weak' });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      `Invalid password: ${validationMessages.passwordHint}`,
    ]);
    response = await reset({ token: '', password: 'Another1!' });
    expect(response.json().message).toBe(`Invalid token: ${validationMessages.resetMissingToken}`);
    response = await reset({ token, password: 'Another1!' });
    expect([response.statusCode, response.json().message]).toEqual([200, m.passwordReset]);
    response = await reset({ token, password: 'Another2!' });
    expect([response.statusCode, response.json().message]).toEqual([404, m.resetTokenNotFound]);
    response = await reset({ token: 'unknown', password: 'Another2!' });
    expect([response.statusCode, response.json().message]).toEqual([404, m.resetTokenNotFound]);

    expect((await login(app, user.email, PASSWORD)).statusCode).toBe(400);
    expect((await login(app, user.email, 'Another1!')).statusCode).toBe(200);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: user.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const [expiring] = await waitForMail(app, user.email, 3);
    await expireTokens(user.email);
    response = await reset({ token: tokenOf(expiring?.links[0]), password: 'Another3!' });
    expect([response.statusCode, response.json().message]).toEqual([410, m.resetTokenExpired]);
  });

  it('answers 410 for an expired confirmation or e-mail change link', async () => {
    const email = uniqueEmail('late');
    await register(app, email);
    await expireTokens(email);
    const [mail] = await mailbox(app, email);
    let response = await app.inject({
      method: 'GET',
      url: `/api/auth/confirm?token=${tokenOf(mail?.links[0])}`,
    });
    expect([response.statusCode, response.json().message]).toEqual([410, m.confirmTokenExpired]);
    response = await app.inject({ method: 'GET', url: '/api/auth/confirm' });
    expect(response.statusCode).toBe(404);

    const user = await signedInUser(app);
    const newEmail = uniqueEmail('slow');
    await app.inject({
      method: 'PATCH',
      url: '/api/users/change-email',
      headers: bearer(user.accessToken),
      payload: { newEmail, currentPassword: PASSWORD },
    });
    await expireTokens(newEmail);
    const [change] = await mailbox(app, newEmail);
    response = await app.inject({
      method: 'GET',
      url: `/api/auth/update-email?token=${tokenOf(change?.links[0])}`,
    });
    expect([response.statusCode, response.json().message]).toEqual([410, m.updateEmailTokenExpired]);
  });

  it('answers 409 when the new address was taken before the link was followed', async () => {
    const user = await signedInUser(app);
    const wanted = uniqueEmail('wanted');
    await app.inject({
      method: 'PATCH',
      url: '/api/users/change-email',
      headers: bearer(user.accessToken),
      payload: { newEmail: wanted, currentPassword: PASSWORD },
    });
    const [change] = await mailbox(app, wanted);
    expect((await register(app, wanted)).statusCode).toBe(201);
    const response = await app.inject({
      method: 'GET',
      url: `/api/auth/update-email?token=${tokenOf(change?.links[0])}`,
    });
    expect([response.statusCode, response.json().message]).toEqual([409, m.emailInUse]);
  });

  it('points links at the host the client named only when it is allowed', async () => {
    const linkFor = async (hostname: string | undefined) => {
      const email = uniqueEmail('host');
      await register(app, email, { hostname });
      const [mail] = await mailbox(app, email);
      return new URL(mail?.links[0] as string).origin;
    };
    expect(await linkFor('evil.example.net')).toBe('https://app.example.com');
    expect(await linkFor(undefined)).toBe('https://app.example.com');
    expect(await linkFor('localhost:5173')).toBe('http://localhost:5173');
    expect(await linkFor('beta.example.com')).toBe('https://beta.example.com');
    expect(await linkFor('https://app.example.com')).toBe('https://app.example.com');
  });

  it('marks the refresh cookie Secure outside development', async () => {
    const { email } = await signedInUser(app);
    expect(refreshCookieOf(await login(app, email))?.secure).toBe(true);
  });
  it('purges links long expired, keeping the ones still useful', async () => {
    const email = uniqueEmail('purge');
    await register(app, email);
    await register(app, email);
    const count = () =>
      app.testDb.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from account_tokens where email = ${email}`);
    expect(await count()).toBe(2);
    await app.testDb.pool.query(sql.unsafe`
      update account_tokens set expires_at = now() - interval '2 days'
       where token_hash = (select token_hash from account_tokens where email = ${email} limit 1)`);
    await purgeExpiredSecrets(app.testDb.pool);
    expect(await count()).toBe(1);
  });

  describe('an e-mail change someone else asked for', () => {
    const requestChange = async (user: { accessToken: string }, newEmail: string) => {
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/users/change-email',
        headers: bearer(user.accessToken),
        payload: { newEmail, currentPassword: PASSWORD },
      });
      expect(response.statusCode).toBe(202);
      const [change] = await waitForMail(app, newEmail);
      return `/api/auth/update-email?token=${tokenOf(change?.links[0])}`;
    };

    it('is cancelled from the link sent to the current address, which also ends every sign-in', async () => {
      const user = await signedInUser(app);
      const attacker = uniqueEmail('attacker');
      const updateUrl = await requestChange(user, attacker);
      const [notice] = await waitForMail(app, user.email, 2);
      expect(notice?.subject).toBe('Someone asked to change your ETF Replicator email address');
      expect(notice?.text).toContain(attacker);
      const cancelUrl = `/api/auth/cancel-email-change?token=${tokenOf(notice?.links[0])}`;

      let response = await app.inject({ method: 'GET', url: cancelUrl });
      expect([response.statusCode, response.json().message]).toEqual([200, m.emailChangeCancelled]);
      response = await app.inject({ method: 'GET', url: updateUrl });
      expect([response.statusCode, response.json().message]).toEqual([404, m.updateEmailTokenNotFound]);
      response = await app.inject({ method: 'GET', url: cancelUrl });
      expect([response.statusCode, response.json().message]).toEqual([404, m.cancelEmailChangeTokenNotFound]);
      response = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        cookies: { refresh_token: user.refresh },
      });
      expect(response.statusCode).toBe(401);
    });

    it('cannot be cancelled once confirmed (409), and its link expires (410)', async () => {
      const user = await signedInUser(app);
      const updateUrl = await requestChange(user, uniqueEmail('moved'));
      const [notice] = await waitForMail(app, user.email, 2);
      expect((await app.inject({ method: 'GET', url: updateUrl })).statusCode).toBe(200);
      const cancelUrl = `/api/auth/cancel-email-change?token=${tokenOf(notice?.links[0])}`;
      let response = await app.inject({ method: 'GET', url: cancelUrl });
      expect([response.statusCode, response.json().message]).toEqual([409, m.emailChangeAlreadyConfirmed]);

      const other = await signedInUser(app);
      await requestChange(other, uniqueEmail('late'));
      const [late] = await waitForMail(app, other.email, 2);
      await expireTokens(other.email);
      response = await app.inject({
        method: 'GET',
        url: `/api/auth/cancel-email-change?token=${tokenOf(late?.links[0])}`,
      });
      expect([response.statusCode, response.json().message]).toEqual([410, m.cancelEmailChangeTokenExpired]);
    });

    it('is void after a password reset or a password change', async () => {
      const user = await signedInUser(app);
      const pendingUrl = await requestChange(user, uniqueEmail('pending-reset'));
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      const [reset] = await waitForMail(app, user.email, 3);
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: tokenOf(reset?.links[0]), password: 'Another1!' },
      });
      expect(done.statusCode).toBe(200);
      let response = await app.inject({ method: 'GET', url: pendingUrl });
      expect([response.statusCode, response.json().message]).toEqual([404, m.updateEmailTokenNotFound]);

      const second = await signedInUser(app);
      const secondPending = await requestChange(second, uniqueEmail('pending-change'));
      const otherDevice = refreshCookieOf(await login(app, second.email))?.value as string;
      const changed = await app.inject({
        method: 'PATCH',
        url: '/api/users/change-password',
        headers: bearer(second.accessToken),
        payload: { currentPassword: PASSWORD, newPassword: 'Changed1!', confirmationPassword: 'Changed1!' },
      });
      expect(changed.statusCode).toBe(202);
      response = await app.inject({ method: 'GET', url: secondPending });
      expect([response.statusCode, response.json().message]).toEqual([404, m.updateEmailTokenNotFound]);
      // Every other sign-in ended; the caller's own goes on.
      const refresh = (token: string) =>
        app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: token } });
      expect((await refresh(otherDevice)).statusCode).toBe(401);
      expect((await refresh(second.refresh)).statusCode).toBe(200);
    });
  });
});

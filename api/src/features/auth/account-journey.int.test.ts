import { accountMessages as m, PASSWORD_MASK } from '@etf-replicator/core/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  claimsOf,
  login,
  mailbox,
  PASSWORD,
  refreshCookieOf,
  register,
  tokenOf,
  uniqueEmail,
  waitForMail,
} from '../../accounts/testing/account-test-helpers';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

/** The whole account life cycle through HTTP, as the web client drives it (spec 1 §7–§8). */
describe.each(await testStores())('Account journey on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ store });
  });
  afterAll(() => app?.dispose());

  it('register → confirm → login → refresh → change password → change e-mail → logout', async () => {
    const email = uniqueEmail('journey');
    const newEmail = uniqueEmail('moved');

    // Register; a second attempt before confirming resends the confirmation.
    let response = await register(app, email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: m.registered });
    response = await register(app, email);
    expect([response.statusCode, response.json().message]).toEqual([400, m.emailUnconfirmed]);
    const mails = await mailbox(app, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('Confirm your ETF Replicator account');
    expect(mails[0]?.links[0]).toMatch(/^http:\/\/localhost:3000\/account-activation\?token=/);

    // Not confirmed yet: 401.
    response = await login(app, email);
    expect([response.statusCode, response.json().message]).toEqual([401, m.emailNotConfirmed]);

    // Confirm through the mailbox link; using it again is 409; an unknown token 404.
    const confirmUrl = new URL(mails[1]?.links[0] as string);
    response = await app.inject({ method: 'GET', url: `/api/auth/confirm${confirmUrl.search}` });
    expect([response.statusCode, response.json().message]).toEqual([200, m.confirmed]);
    response = await app.inject({
      method: 'GET',
      url: `/api/auth/confirm?token=${tokenOf(mails[0]?.links[0])}`,
    });
    expect([response.statusCode, response.json().message]).toEqual([409, m.confirmAlreadyDone]);
    response = await app.inject({ method: 'GET', url: '/api/auth/confirm?token=nope' });
    expect([response.statusCode, response.json().message]).toEqual([404, m.confirmTokenNotFound]);
    response = await register(app, email);
    expect([response.statusCode, response.json().message]).toEqual([409, m.emailTaken]);

    // Login: wrong password 400, trusted device 200 with a 30-day refresh cookie.
    response = await login(app, email, 'Wrong123!');
    expect([response.statusCode, response.json().message]).toEqual([400, m.invalidCredentials]);
    response = await login(app, email, PASSWORD, { persist: true });
    expect(response.statusCode).toBe(200);
    const claims = claimsOf(response.json().access_token);
    expect(claims).toMatchObject({ sub: email, roles: [{ authority: 'ROLE_USER' }] });
    expect(claims).not.toHaveProperty('plan');
    expect(claims.exp - claims.iat).toBe(15 * 60);
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', secure: true });
    expect(new Date(cookie?.expires ?? 0).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const userId: string = claims.userId;

    // Refresh rotates the cookie.
    response = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: cookie?.value as string },
    });
    expect(response.statusCode).toBe(200);
    let access: string = response.json().access_token;
    const rotated = refreshCookieOf(response);
    expect(rotated?.value).toBeDefined();
    expect(rotated?.value).not.toBe(cookie?.value);
    expect(rotated?.expires).toBeDefined();

    // Profile: own, password masked.
    response = await app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: userId,
      email,
      username: email,
      password: PASSWORD_MASK,
      firstName: 'Ann',
      oauthProviders: [{ provider: 'emailpassword', email }],
    });

    // Another device signed in too: the password change must end that sign-in.
    const otherDevice = refreshCookieOf(await login(app, email));
    expect(otherDevice?.value).toBeDefined();

    // Change password: 422, 400, 409, then 202.
    const change = (payload: object) =>
      app.inject({ method: 'PATCH', url: '/api/users/change-password', headers: bearer(access), payload });
    response = await change({
      currentPassword: PASSWORD,
      newPassword: 'Newpass1!',
      confirmationPassword: 'Newpass2!',
    });
    expect([response.statusCode, response.json().message]).toEqual([422, m.passwordsDoNotMatch]);
    response = await change({
      currentPassword: 'Wrong123!',
      newPassword: 'Newpass1!',
      confirmationPassword: 'Newpass1!',
    });
    expect([response.statusCode, response.json().message]).toEqual([400, m.incorrectCurrentPassword]);
    response = await change({
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmationPassword: PASSWORD,
    });
    expect([response.statusCode, response.json().message]).toEqual([409, m.passwordUnchanged]);
    response = await change({
      currentPassword: PASSWORD,
      newPassword: 'Newpass1!',
      confirmationPassword: 'Newpass1!',
    });
    expect([response.statusCode, response.json().message]).toEqual([202, m.passwordChanged]);
    // Every other sign-in ended with the change; the one that made it goes on.
    const stale = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: otherDevice?.value as string },
    });
    expect(stale.statusCode).toBe(401);
    const kept = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: rotated?.value as string },
    });
    expect(kept.statusCode).toBe(200);
    const afterChange = refreshCookieOf(kept);
    expect((await login(app, email)).statusCode).toBe(400);
    expect((await login(app, email, 'Newpass1!')).statusCode).toBe(200);

    // Change e-mail: 400, 401, 409, the current password (missing, wrong), then 202 and a link to the new address.
    const changeEmail = (payload: object, headers: Record<string, string> = bearer(access)) =>
      app.inject({ method: 'PATCH', url: '/api/users/change-email', headers, payload });
    const withPassword = { currentPassword: 'Newpass1!' };
    response = await changeEmail({ newEmail: 'not-an-email', ...withPassword });
    expect([response.statusCode, response.json().message]).toEqual([400, m.invalidEmailFormat]);
    response = await changeEmail({ newEmail, ...withPassword }, {});
    expect([response.statusCode, response.json().message]).toEqual([401, m.changeEmailUnauthorized]);
    response = await changeEmail({ newEmail });
    expect([response.statusCode, response.json().message]).toEqual([400, m.changeEmailPasswordRequired]);
    response = await changeEmail({ newEmail, currentPassword: PASSWORD });
    expect([response.statusCode, response.json().message]).toEqual([400, m.incorrectCurrentPassword]);
    response = await changeEmail({ newEmail: email.toUpperCase(), ...withPassword });
    expect([response.statusCode, response.json().message]).toEqual([409, m.emailInUse]);
    response = await changeEmail({ newEmail, hostname: 'localhost:3000', ...withPassword });
    expect([response.statusCode, response.json().message]).toEqual([202, m.changeEmailSent]);
    const [changeMail] = await waitForMail(app, newEmail);
    expect(changeMail?.links[0]).toMatch(/\/update-email\?token=/);
    // The current address is told at once, with a link that would cancel the change.
    const [requested] = await waitForMail(app, email);
    expect(requested?.subject).toBe('Someone asked to change your ETF Replicator email address');
    expect(requested?.links[0]).toMatch(/\/cancel-email-change\?token=/);

    // Follow the link: the address changes, the old one is released and told; the link works once.
    const updateUrl = `/api/auth/update-email?token=${tokenOf(changeMail?.links[0])}`;
    response = await app.inject({ method: 'GET', url: updateUrl });
    expect([response.statusCode, response.json().message]).toEqual([200, m.emailUpdated]);
    response = await app.inject({ method: 'GET', url: updateUrl });
    expect([response.statusCode, response.json().message]).toEqual([404, m.updateEmailTokenNotFound]);
    expect((await mailbox(app, email))[0]?.subject).toBe('Your ETF Replicator email address was changed');

    // The refreshed session carries the new address; the old address no longer signs in.
    response = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: afterChange?.value as string },
    });
    expect(response.statusCode).toBe(200);
    access = response.json().access_token;
    expect(claimsOf(access).sub).toBe(newEmail);
    const latest = refreshCookieOf(response)?.value as string;
    expect((await login(app, email, 'Newpass1!')).statusCode).toBe(400);
    expect((await login(app, newEmail, 'Newpass1!')).statusCode).toBe(200);

    // Logout ends the sign-in: the cookie no longer refreshes.
    response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: latest },
    });
    expect([response.statusCode, response.json().message]).toEqual([200, m.loggedOut]);
    expect(refreshCookieOf(response)?.value).toBe('');
    response = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: latest },
    });
    expect([response.statusCode, response.json().message]).toEqual([401, m.unauthorized]);

    // The released address can be registered again.
    expect((await register(app, email)).statusCode).toBe(201);
  });

  it('gives a session cookie (no expiry) without "Trust This Device"', async () => {
    const email = uniqueEmail('session');
    await register(app, email);
    const [mail] = await waitForMail(app, email);
    await app.inject({ method: 'GET', url: `/api/auth/confirm?token=${tokenOf(mail?.links[0])}` });
    const response = await login(app, email);
    expect(response.statusCode).toBe(200);
    expect(refreshCookieOf(response)?.expires).toBeUndefined();
  });
});

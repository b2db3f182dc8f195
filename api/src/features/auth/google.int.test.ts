import { accountMessages as m } from '@etf-replicator/core/contracts/accounts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  claimsOf,
  PASSWORD,
  refreshCookieOf,
  signedInUser,
  tokenOf,
  uniqueEmail,
  waitForMail,
} from '../../accounts/testing/account-test-helpers';
import { startOidcTestServer, type TestGoogleUser } from '../../accounts/testing/oidc-test-server';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

const client = { clientId: 'test-client-id', clientSecret: 'test-client-secret' };

/** Google sign-in through the real @fastify/oauth2 plugin against a local OpenID server (spec 1 §7–§8). */
describe.each(await testStores())('Google sign-in on %s', (store) => {
  let app: TestApp;
  let oidc: Awaited<ReturnType<typeof startOidcTestServer>>;
  beforeAll(async () => {
    oidc = await startOidcTestServer(client);
    app = await createTestApp({
      store,
      env: {
        GOOGLE_CLIENT_ID: client.clientId,
        GOOGLE_CLIENT_SECRET: client.clientSecret,
        GOOGLE_OAUTH_ISSUER: oidc.issuer,
      },
    });
  });
  afterAll(async () => {
    await app?.dispose();
    await oidc?.close();
  });

  /** Browser to the provider and back to the web page, which hands code and state to the API. */
  const roundTrip = async (
    start: LightMyRequestResponse,
    providerUrl: string,
    as: TestGoogleUser,
    browserCookies: Record<string, string> = {},
  ) => {
    oidc.state.nextUser = as;
    const cookies = {
      ...browserCookies,
      ...Object.fromEntries(start.cookies.map((cookie) => [cookie.name, cookie.value])),
    };
    const authorize = await fetch(providerUrl, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/login');
    const callback = `/api/auth/oauth-callback${back.search}`;
    return { response: await app.inject({ method: 'GET', url: callback, cookies }), callback, cookies };
  };
  const googleLogin = async (as: TestGoogleUser, { persist }: { persist?: boolean } = {}) => {
    const url = persist === undefined ? '/api/auth/google' : `/api/auth/google?persist=${persist}`;
    const start = await app.inject({ method: 'GET', url });
    expect(start.statusCode).toBe(302);
    const location = start.headers.location as string;
    expect(new URL(location).searchParams.get('state')).toMatch(/^login\./);
    expect(new URL(location).searchParams.get('code_challenge_method')).toBe('S256');
    return roundTrip(start, location, as);
  };
  /** The connect round trip; `refresh`: the browser's sign-in cookie, sent back with the callback. */
  const googleConnect = async (accessToken: string, as: TestGoogleUser, refresh?: string) => {
    const start = await app.inject({
      method: 'GET',
      url: '/api/manage-connection/google',
      headers: bearer(accessToken),
    });
    expect(start.statusCode).toBe(200);
    expect(start.headers['content-type']).toMatch(/^text\/plain/);
    const url = start.body;
    expect(new URL(url).searchParams.get('state')).toMatch(/^connect\./);
    return roundTrip(start, url, as, refresh ? { refresh_token: refresh } : {});
  };
  const profileResponse = (accessToken: string) =>
    app.inject({
      method: 'GET',
      url: `/api/users/${claimsOf(accessToken).userId}`,
      headers: bearer(accessToken),
    });
  const profile = async (accessToken: string) => (await profileResponse(accessToken)).json();
  const googleUser = (label: string): TestGoogleUser => ({
    sub: `google-${label}-${Math.random().toString(36).slice(2)}`,
    email: uniqueEmail(label),
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Ng',
  });

  it('tells the client that Google sign-in is offered', async () => {
    const providers = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect([providers.statusCode, providers.json()]).toEqual([200, { google: true }]);
  });

  it('creates an account for a new Google user and signs them in again later', async () => {
    const person = googleUser('new');
    const first = await googleLogin(person);
    expect(first.response.statusCode).toBe(200);
    const access: string = first.response.json().access_token;
    expect(claimsOf(access)).toMatchObject({ sub: person.email, roles: [{ authority: 'ROLE_USER' }] });
    expect(refreshCookieOf(first.response)?.value).toBeTruthy();
    expect(await profile(access)).toMatchObject({
      firstName: 'Gina',
      emailConfirmed: true,
      password: null,
      oauthProviders: [{ provider: 'google', email: person.email }],
    });

    const again = await googleLogin(person);
    expect(again.response.statusCode).toBe(200);
    expect(claimsOf(again.response.json().access_token).userId).toBe(claimsOf(access).userId);
  });

  it('issues a persistent refresh cookie only when Trust This Device travelled with the round trip', async () => {
    const person = googleUser('trusted');
    const sessionOnly = refreshCookieOf((await googleLogin(person)).response);
    expect(sessionOnly?.value).toBeTruthy();
    expect(sessionOnly?.expires).toBeUndefined();

    const trusted = refreshCookieOf((await googleLogin(person, { persist: true })).response);
    const daysLeft = ((trusted?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(29);
    expect(daysLeft).toBeLessThanOrEqual(30);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: trusted?.value as string },
    });
    expect(refreshCookieOf(refreshed)?.expires).toBeInstanceOf(Date);

    expect(
      refreshCookieOf((await googleLogin(person, { persist: false })).response)?.expires,
    ).toBeUndefined();
    const bad = await app.inject({ method: 'GET', url: '/api/auth/google?persist=yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a replayed callback and a state that does not match the browser', async () => {
    const { callback, cookies } = await googleLogin(googleUser('replay'));
    const replay = await app.inject({ method: 'GET', url: callback, cookies });
    expect([replay.statusCode, replay.json().message]).toEqual([400, m.oauthFailed]);

    const start = await app.inject({ method: 'GET', url: '/api/auth/google' });
    oidc.state.nextUser = googleUser('forged');
    const back = new URL(
      (await fetch(start.headers.location as string, { redirect: 'manual' })).headers.get(
        'location',
      ) as string,
    );
    const forged = await app.inject({
      method: 'GET',
      url: `/api/auth/oauth-callback${back.search}`,
      cookies: { 'oauth2-redirect-state': 'login.other' },
    });
    expect([forged.statusCode, forged.json().message]).toEqual([400, m.oauthFailed]);
  });

  it('never takes over a password account: 400 "Account with email already exists."', async () => {
    const owner = await signedInUser(app);
    const { response } = await googleLogin({ ...googleUser('takeover'), email: owner.email });
    expect([response.statusCode, response.json().message]).toEqual([400, m.oauthEmailExists]);
  });

  it('connects Google to a signed-in user, refuses conflicts, and disconnects', async () => {
    const user = await signedInUser(app);
    const person = googleUser('connect');
    const { response } = await googleConnect(user.accessToken, person, user.refresh);
    expect(response.statusCode).toBe(200);
    // The sign-in goes on: no new cookie, and the new token belongs to the same session.
    expect(refreshCookieOf(response)).toBeUndefined();
    expect(claimsOf(response.json().access_token).sid).toBe(claimsOf(user.accessToken).sid);
    expect((await profile(user.accessToken)).oauthProviders).toEqual([
      { provider: 'emailpassword', email: user.email },
      { provider: 'google', email: person.email },
    ]);
    // Signing in with that Google account now reaches the same user.
    const login = await googleLogin(person);
    expect(claimsOf(login.response.json().access_token).userId).toBe(user.userId);

    // Someone else cannot connect the same Google account, nor one whose address is another user's.
    const other = await signedInUser(app);
    const sameGoogle = await googleConnect(other.accessToken, person);
    expect([sameGoogle.response.statusCode, sameGoogle.response.json().message]).toEqual([
      400,
      m.oauthGoogleIdExists,
    ]);
    const theirAddress = await googleConnect(other.accessToken, { ...googleUser('addr'), email: user.email });
    expect([theirAddress.response.statusCode, theirAddress.response.json().message]).toEqual([
      400,
      m.oauthEmailExists,
    ]);

    const disconnect = () =>
      app.inject({
        method: 'POST',
        url: '/api/manage-connection/disconnect',
        headers: bearer(user.accessToken),
        payload: { providerType: 'google' },
      });
    let result = await disconnect();
    expect([result.statusCode, result.json().message]).toEqual([200, m.disconnected]);
    result = await disconnect();
    expect([result.statusCode, result.json().message]).toEqual([400, m.providerNotFound]);
  });

  it('opens a session of its own when the sign-in cookie did not come back, so signing out revokes the token (issue 27 item 12)', async () => {
    const user = await signedInUser(app);
    const { response } = await googleConnect(user.accessToken, googleUser('nocookie'));
    expect(response.statusCode).toBe(200);
    const access: string = response.json().access_token;
    expect(claimsOf(access).sid).toEqual(expect.any(String));
    const cookie = refreshCookieOf(response);
    expect(cookie?.value).toEqual(expect.any(String));
    // (No request with the token before signing out: the session check keeps what it read for a few seconds.)
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: cookie?.value as string },
      headers: bearer(access),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await profileResponse(access)).statusCode).toBe(401);
  });

  it('blocks disconnecting the only sign-in method until a password is created by e-mail', async () => {
    const person = googleUser('only');
    const access: string = (await googleLogin(person)).response.json().access_token;
    const disconnect = () =>
      app.inject({
        method: 'POST',
        url: '/api/manage-connection/disconnect',
        headers: bearer(access),
        payload: { providerType: 'google' },
      });
    let result = await disconnect();
    expect([result.statusCode, result.json().message]).toEqual([409, m.lastSignInMethod]);

    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email } });
    const [mail] = await waitForMail(app, person.email);
    expect(mail?.subject).toBe('Create a password for ETF Replicator');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenOf(mail?.links[0]), password: PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    result = await disconnect();
    expect(result.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 400 "User is disabled" to a disabled Google user', async () => {
    const person = googleUser('disabled');
    const userId = claimsOf((await googleLogin(person)).response.json().access_token).userId;
    const admin = signAdminToken(app, 'admin-1', 'root@example.com');
    const disable = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/status`,
      headers: bearer(admin),
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    const { response } = await googleLogin(person);
    expect([response.statusCode, response.json().message]).toEqual([400, m.userDisabled]);
  });
});

import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  register,
  signedInUser,
  someIp,
  uniqueEmail,
} from '../../accounts/testing/account-test-helpers';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

/** Sign-in, password-reset and registration limits: slowed down, never locked, per client and per account. */
describe.each(await testStores())('Rate limits on %s', (store) => {
  let app: TestApp;
  /** Moves the account's last recorded failures to this instant, as if the attempt before had just failed. */
  const failedJustNow = (email: string) =>
    app.testDb.pool.query(sql.unsafe`
      update login_failures set last_failure_at = ${new Date().toISOString()} where key like ${`%${email}%`}`);
  beforeAll(async () => {
    app = await createTestApp({ store });
  });
  afterAll(() => app?.dispose());

  it('rate-limits login per account and per IP with a clear 429', async () => {
    const email = uniqueEmail('limited');
    const attempt = (address: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: address, password: 'Wrong123!' },
      });
    // The first waits are a second or two: a stall of the machine between attempts must not be what decides.
    const justFailed = () => failedJustNow(email);
    // Five failures from one source slow that source down; another source still gets its own five.
    for (let i = 0; i < 5; i++) expect((await attempt(email, '10.0.0.1')).statusCode).toBe(400);
    await justFailed();
    const slowed = await attempt(email, '10.0.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // Ten failures on the account slow down every new source.
    for (let i = 0; i < 5; i++) expect((await attempt(email, '10.0.0.2')).statusCode).toBe(400);
    await justFailed();
    expect((await attempt(email, '10.0.0.5')).statusCode).toBe(429);

    for (let i = 0; i < 30; i++)
      expect((await attempt(uniqueEmail('spray'), '10.0.0.3')).statusCode).toBe(400);
    expect((await attempt(uniqueEmail('spray'), '10.0.0.3')).statusCode).toBe(429);
    expect((await attempt(uniqueEmail('spray'), '10.0.0.4')).statusCode).toBe(400);
  });

  it('slows a guesser down exponentially instead of locking, and lets the owner in from a known browser', async () => {
    const owner = await signedInUser(app);
    const ownerLogin = await login(app, owner.email);
    const deviceCookie = ownerLogin.cookies.find((cookie) => cookie.name.startsWith('known_device_'));
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    const attempt = (ip: string, password = 'Wrong123!', cookies: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        cookies,
        payload: { email: owner.email, password },
      });
    /** Time passing: every recorded failure of this account moves `ms` into the past. */
    const elapse = (ms: number) =>
      app.testDb.pool.query(sql.unsafe`
        update login_failures set last_failure_at = last_failure_at - make_interval(secs => ${ms / 1000})
         where key like ${`%${owner.email}%`}`);

    for (let i = 0; i < 5; i++) expect((await attempt('10.3.0.1')).statusCode).toBe(400);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      await failedJustNow(owner.email);
      const slowed = await attempt('10.3.0.1');
      expect(slowed.statusCode).toBe(429);
      const seconds = Number(slowed.headers['retry-after']);
      waits.push(seconds);
      await elapse(seconds * 1000 + 50);
      expect((await attempt('10.3.0.1')).statusCode).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4]);

    // The attacker spreads over new sources until the account itself is slowed down (8 + 2 = 10 failures).
    for (let i = 0; i < 2; i++) expect((await attempt(`10.3.1.${i}`)).statusCode).toBe(400);
    await failedJustNow(owner.email);
    expect((await attempt('10.3.2.1', 'Wrong123!')).statusCode).toBe(429);
    // Even the right password from a browser that never signed in waits ...
    await failedJustNow(owner.email);
    expect((await attempt('10.3.9.9', 'Secret12!')).statusCode).toBe(429);
    // ... but the owner's browser, with its known-device cookie, gets through at once.
    const known = { [deviceCookie?.name as string]: deviceCookie?.value as string };
    expect((await attempt('10.3.9.9', 'Secret12!', known)).statusCode).toBe(200);
    // A forged or another account's cookie counts for nothing.
    await failedJustNow(owner.email);
    expect(
      (await attempt('10.3.9.8', 'Secret12!', { [deviceCookie?.name as string]: '9999999999.forged' }))
        .statusCode,
    ).toBe(429);
    // Waiting long enough lets anyone try again; the limit never renews itself without new failures.
    await elapse(16 * 60_000);
    expect((await attempt('10.3.9.7', 'Secret12!')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted: a client cannot pick its own IP', async () => {
    const attempt = (forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.9.9',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: uniqueEmail('spoof'), password: 'Wrong123!' },
      });
    for (let i = 0; i < 30; i++) expect((await attempt(someIp())).statusCode).toBe(400);
    const blocked = await attempt(someIp());
    expect(blocked.statusCode).toBe(429);
  });

  it('rate-limits forgot-password and register per account, the same for unknown addresses', async () => {
    const forgot = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: someIp(),
        payload: { email },
      });
    const known = (await signedInUser(app)).email;
    for (const email of [known, uniqueEmail('ghost')]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(200);
      expect((await forgot(email)).statusCode).toBe(429);
    }
    const email = uniqueEmail('again');
    for (let i = 0; i < 5; i++) expect((await register(app, email)).statusCode).toBeLessThan(429);
    const blocked = await register(app, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts/);
  });
});

describe('TRUST_PROXY set to the proxy in front', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => app?.dispose());
  const attempt = (remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: uniqueEmail('proxied'), password: 'Wrong123!' },
    });

  it('counts per client behind the trusted proxy, and ignores the header from anyone else', async () => {
    for (let i = 0; i < 30; i++) expect((await attempt('127.0.0.1', '203.0.113.7')).statusCode).toBe(400);
    expect((await attempt('127.0.0.1', '203.0.113.7')).statusCode).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await attempt('127.0.0.1', '203.0.113.8')).statusCode).toBe(400);
    // A direct client naming the blocked address is counted by its own address, not blocked by someone else's.
    expect((await attempt('198.51.100.1', '203.0.113.7')).statusCode).toBe(400);
  });
});

import { accountMessages as m } from '@etf-replicator/core/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  mailbox,
  register,
  signedInUser,
  someIp,
  tokenOf,
  uniqueEmail,
  waitForMail,
} from '../../accounts/testing/account-test-helpers';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

/** Issue 15: the login page offers "Resend confirmation e-mail" to an account that is not confirmed yet. */
describe.each(await testStores())('POST /api/auth/resend-confirmation on %s', (store) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ store });
  });
  afterAll(() => app?.dispose());
  const resend = (email: string, ip = someIp()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      remoteAddress: ip,
      payload: { email, hostname: 'localhost:3000' },
    });

  it('sends an unconfirmed account a new link that confirms it, after the login said why it was refused', async () => {
    const email = uniqueEmail('unconfirmed');
    expect((await register(app, email)).statusCode).toBe(201);
    const refused = await login(app, email);
    expect([refused.statusCode, refused.json().message]).toEqual([401, m.emailNotConfirmed]);

    const answer = await resend(email);
    expect([answer.statusCode, answer.json()]).toEqual([200, { message: m.confirmationResent }]);
    const [latest] = await waitForMail(app, email, 2);
    expect(latest?.subject).toMatch(/confirm/i);
    const confirmed = await app.inject({
      method: 'GET',
      url: `/api/auth/confirm?token=${tokenOf(latest?.links[0])}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await login(app, email)).statusCode).toBe(200);
  });

  it('answers the same for an unknown or an already confirmed address, and sends them nothing', async () => {
    const unconfirmed = uniqueEmail('waiting');
    expect((await register(app, unconfirmed)).statusCode).toBe(201);
    const confirmed = (await signedInUser(app)).email;
    const unknown = uniqueEmail('nobody');
    const before = (await mailbox(app, confirmed)).length;

    const answers = [await resend(unconfirmed), await resend(confirmed), await resend(unknown)];
    const shape = (response: (typeof answers)[number]) => ({
      status: response.statusCode,
      body: response.body,
      headers: Object.keys(response.headers)
        .filter((name) => !['date', 'content-length'].includes(name))
        .sort(),
    });
    expect(shape(answers[1] as (typeof answers)[number])).toEqual(
      shape(answers[0] as (typeof answers)[number]),
    );
    expect(shape(answers[2] as (typeof answers)[number])).toEqual(
      shape(answers[0] as (typeof answers)[number]),
    );

    await waitForMail(app, unconfirmed, 2);
    expect(await mailbox(app, unknown)).toEqual([]);
    expect(await mailbox(app, confirmed)).toHaveLength(before);
  });

  it('is rate-limited per address, the same for unknown addresses, with a clear 429', async () => {
    for (const email of [uniqueEmail('flood'), uniqueEmail('ghost')]) {
      if (email.startsWith('flood')) expect((await register(app, email)).statusCode).toBe(201);
      for (let i = 0; i < 3; i++) expect((await resend(email)).statusCode).toBe(200);
      const blocked = await resend(email);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many attempts/);
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    }
  });

  it('is rate-limited per client address too', async () => {
    const ip = someIp();
    for (let i = 0; i < 10; i++) expect((await resend(uniqueEmail('spray'), ip)).statusCode).toBe(200);
    expect((await resend(uniqueEmail('spray'), ip)).statusCode).toBe(429);
  });

  it('refuses an invalid address with a 400', async () => {
    expect((await resend('nope')).statusCode).toBe(400);
  });
});

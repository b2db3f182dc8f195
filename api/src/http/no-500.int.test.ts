import { randomUUID } from 'node:crypto';
import { ROLE_USER } from '@etf-replicator/core/contracts/accounts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../accounts/testing/account-test-helpers';
import { signAdminToken } from '../testing/admin-token';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Inputs an attacker sent that once answered 500: each must now be a 4xx with a message, and append nothing. */
describe('No 500 on hostile input', () => {
  let app: TestApp;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp();
    const userId = randomUUID();
    user = app.signAccessToken({ sub: 'fuzz@example.com', userId, roles: [{ authority: ROLE_USER }] });
    admin = signAdminToken(app, 'root');
  });
  afterAll(() => app?.dispose());

  const events = async () => (await app.testEventStore.readAll({ maxCount: 100_000 })).events.length;
  const truncatedMultipart = () => {
    const boundary = '----etfcut';
    return {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="feedback"\r\n\r\n{"message":"hi"`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  const cases: Array<[string, () => InjectOptions]> = [
    ['NUL in a path param', () => ({ method: 'GET', url: '/api/trackings/%00', headers: bearer(user) })],
    ['NUL in a user path', () => ({ method: 'GET', url: '/api/users/a%00b', headers: bearer(user) })],
    [
      'NUL in a query',
      () => ({ method: 'GET', url: '/api/etf/etf-info?etfSymbol=VO%00O', headers: bearer(user) }),
    ],
    [
      'a lone surrogate in a query',
      () => ({ method: 'GET', url: '/api/stock/autocomplete?query=%ED%A0%80', headers: bearer(user) }),
    ],
    [
      'a bad percent escape',
      () => ({ method: 'GET', url: '/api/trackings/%E0%A4%A', headers: bearer(user) }),
    ],
    [
      'NUL in a tracking symbol',
      () => ({
        method: 'POST',
        url: '/api/trackings',
        headers: bearer(user),
        payload: {
          symbol: 'VO\u0000O',
          currentReplication: { targetInvestmentAmount: '1000', investments: [], leftoverAmount: '1000' },
          targetReplication: { investments: [], leftoverAmount: '1000' },
        },
      }),
    ],
    [
      'a lone surrogate in a JSON body',
      () => ({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload:
          '{"firstName":"\\ud800","lastName":"x","email":"s@example.com","password":"Secret12!","hostname":"x"}',
      }),
    ],
    [
      'NUL in a login e-mail',
      () => ({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a\u0000@example.com', password: 'x' },
      }),
    ],
    ['a truncated multipart body', () => ({ method: 'POST', url: '/api/feedback', ...truncatedMultipart() })],
    [
      'NUL in a feedback message',
      () => {
        const boundary = '----etfnul';
        const json = JSON.stringify({ message: 'hi\u0000there' });
        return {
          method: 'POST',
          url: '/api/feedback',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="feedback"\r\n\r\n${json}\r\n--${boundary}--\r\n`,
        };
      },
    ],
    [
      'an amount of ",,,1,,"',
      () => ({
        method: 'GET',
        url: '/api/replication/replicate?etfSymbol=VOO&investmentAmount=,,,1,,',
        headers: bearer(user),
      }),
    ],
    [
      'numberOfWeightings=0x10',
      () => ({
        method: 'POST',
        url: `/api/trackings/${randomUUID()}/changeNumberOfWeightings?numberOfWeightings=0x10`,
        headers: bearer(user),
      }),
    ],
    [
      'an admin page of 1e1',
      () => ({ method: 'GET', url: '/api/admin/users?page=1e1', headers: bearer(admin) }),
    ],
  ];

  it.each(cases)('answers %s with a 4xx and a message, and appends nothing', async (_name, request) => {
    const before = await events();
    const response = await app.inject(request());
    console.log('PROBE', _name, response.statusCode, response.body.slice(0, 150));
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.json().message).not.toBe('Internal Server Error');
    expect(await events()).toBe(before);
  });
});

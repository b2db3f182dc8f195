import { randomUUID } from 'node:crypto';
import { accountMessages, ROLE_USER } from '@etf-replicator/core/contracts/accounts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_MARKET_PROVIDER_MESSAGE } from '../features/admin/market/refresh-market';
import { signAdminToken } from '../testing/admin-token';
import { createTestApp, type TestApp } from '../testing/test-app';

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie' };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Runs per route: enough to cover every route on every CI run without slowing the suite down. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/** Text an attacker sends: any code unit (NUL, lone surrogates), path tricks, numbers in odd notations. */
const hostileText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('\u0000', '\ud800', '\udfff'),
        fc.string({ maxLength: 8 }),
      )
      .map((parts) => parts.join('')),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '..',
      '../../etc/passwd',
      '0x10',
      '1e309',
      '-1',
      ',,,1,,',
      '',
      ' ',
      'NaN',
      '%',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Every UTF-8 byte escaped (a lone surrogate becomes U+FFFD; raw invalid escapes are in no-500.int.test.ts). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A 503 that says a service is not configured in this environment is the right answer, not a failure. */
/** 503s that name a service the operator has not configured (Google sign-in, the market-data provider). */
const notConfigured = (status: number, body: string) =>
  status === 503 &&
  (body.includes(accountMessages.googleNotConfigured) || body.includes(NO_MARKET_PROVIDER_MESSAGE));

/**
 * Every route of the OpenAPI document gets generated path params, queries and bodies (with and without a user or
 * an admin token). None may answer 5xx, and a refused request (4xx) must not have appended anything to the log.
 */
describe('OpenAPI routes under generated input', async () => {
  let app: TestApp;
  let tokens: Record<'none' | 'user' | 'admin', string | undefined>;
  let operations: Array<{ method: (typeof METHODS)[number]; path: string; operation: Operation }> = [];

  beforeAll(async () => {
    app = await createTestApp();
    tokens = {
      none: undefined,
      user: app.signAccessToken({
        sub: 'fuzz@example.com',
        userId: randomUUID(),
        roles: [{ authority: ROLE_USER }],
      }),
      admin: signAdminToken(app, 'root'),
    };
    const document = app.swagger() as unknown as OpenApi;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
    );
  });
  afterAll(() => app?.dispose());

  const logLength = () =>
    app.testDb.pool.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from es_events`);

  const requestFor = ({
    method,
    path,
    operation,
  }: (typeof operations)[number]): fc.Arbitrary<InjectOptions> => {
    const parameters = operation.parameters ?? [];
    const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
    const json = operation.requestBody?.content?.['application/json']?.schema;
    const bodyNames = Object.keys(json?.properties ?? {});
    return fc
      .record({
        params: fc.tuple(...pathNames.map(() => hostileText)),
        query: fc.tuple(...queryNames.map(() => fc.option(hostileText, { nil: undefined }))),
        body: fc.oneof(
          fc
            .tuple(...bodyNames.map(() => fc.option(hostileValue, { nil: undefined })))
            .map((values) =>
              Object.fromEntries(
                bodyNames.map((name, i) => [name, values[i]]).filter(([, v]) => v !== undefined),
              ),
            ),
          fc.jsonValue({ maxDepth: 2 }),
          fc.string({ unit: 'binary', maxLength: 60 }),
        ),
        auth: fc.constantFrom<keyof typeof tokens>('user', 'admin', 'user', 'admin', 'none'),
      })
      .map(({ params, query, body, auth }) => {
        let url = path;
        pathNames.forEach((name, i) => {
          url = url.replace(`{${name}}`, percentEncode(params[i] as string));
        });
        const search = new URLSearchParams();
        queryNames.forEach((name, i) => {
          const value = query[i];
          if (value !== undefined) search.append(name, value);
        });
        const token = tokens[auth];
        const withBody = method !== 'get' && method !== 'delete';
        return {
          method: method.toUpperCase() as InjectOptions['method'],
          url: search.size > 0 ? `${url}?${search}` : url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(withBody
              ? { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }
              : {}),
          },
          ...(withBody ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        } satisfies InjectOptions;
      });
  };

  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('declares security on every route that refuses a caller without a token', async () => {
    const undeclared: string[] = [];
    for (const { method, path, operation } of operations) {
      const url = path.replace(/\{\w+\}/g, randomUUID());
      const response = await app.inject({
        method: method.toUpperCase() as InjectOptions['method'],
        url,
        ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
      });
      const security = (operation as { security?: unknown[] }).security;
      if (response.statusCode === 401 && !security?.length) undeclared.push(`${method} ${path}`);
    }
    expect(undeclared).toEqual([]);
  });

  it('answers every generated request below 500, and a refused one appends nothing', async () => {
    const failures: string[] = [];
    for (const entry of operations) {
      await fc
        .assert(
          fc.asyncProperty(requestFor(entry), async (request) => {
            const before = await logLength();
            const response = await app.inject(request);
            const where = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 120)}`;
            if (response.statusCode >= 500 && !notConfigured(response.statusCode, response.body)) {
              throw new Error(where);
            }
            if (response.statusCode >= 400 && (await logLength()) !== before) {
              throw new Error(`${where}: appended to the log although refused`);
            }
          }),
          { numRuns: RUNS },
        )
        .catch((error: Error) =>
          failures.push(`${entry.method} ${entry.path}: ${error.message.split('\n')[0]}`),
        );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_USER } from '../auth/session-user';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('Idempotency-Key', () => {
  let app: TestApp;
  let token: string;
  let failNext = false;

  beforeAll(async () => {
    app = await createTestApp({
      beforeReady: async (instance) => {
        instance.post(
          '/api/test/counter',
          { onRequest: [instance.authenticate], config: { idempotent: true } },
          async (request) => {
            if (failNext) {
              failNext = false;
              throw new Error('boom');
            }
            const { amount } = request.body as { amount: number };
            const result = await instance.eventStore.appendToStream(
              `counter-${request.user.userId}`,
              [{ type: 'Counted', data: { amount } }],
              { expectedRevision: 'any' },
            );
            return { revision: result.nextExpectedRevision };
          },
        );
      },
    });
    token = app.signAccessToken({
      sub: 'ann@example.com',
      userId: `u-${randomUUID()}`,
      roles: [{ authority: ROLE_USER }],
    });
  });
  afterAll(() => app.dispose());

  const post = (amount: number, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/test/counter',
      payload: { amount },
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    });

  it('answers a retry with the first answer and appends nothing more', async () => {
    const key = randomUUID();
    const first = await post(5, key);
    const retry = await post(5, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const third = await post(5);
    expect(third.json().revision).toBe(first.json().revision + 1);
  });

  it('refuses the same key for a different request', async () => {
    const key = randomUUID();
    await post(1, key);
    const reused = await post(2, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('This Idempotency-Key was already used for a different request');
  });

  it('does not keep server errors: the retry runs (as a recovery)', async () => {
    const key = randomUUID();
    failNext = true;
    expect((await post(3, key)).statusCode).toBe(500);
    const retry = await post(3, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('rejects a malformed key', async () => {
    const response = await post(1, 'x'.repeat(201));
    expect(response.statusCode).toBe(400);
  });
});

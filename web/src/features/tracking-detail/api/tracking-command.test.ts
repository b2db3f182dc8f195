import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, NO_RESPONSE } from '@/testing/mock-api';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { postCommand } from './tracking-command';
import { rememberRevision } from './tracking-revision';

const url = '/api/trackings/t-1/applyAdjustmentOrders';
const order = { symbol: 'AAPL', shares: '3', orderType: 'BUY' };

beforeEach(() => setSession({ accessToken: makeAccessToken({ userId: 'u-1' }) }));

describe('A tracking command', () => {
  it('names the revision this window shows in If-Match', async () => {
    rememberRevision('t-1', 7);
    const mock = mockApi({ [`POST ${url}`]: json(200, {}) });
    await postCommand('t-1', url, order);
    expect(mock.calls[0]?.headers.get('if-match')).toBe('"r7"');
  });

  it('sends no If-Match for a tracking whose revision it has not seen', async () => {
    const mock = mockApi({ 'POST /api/trackings/t-unseen/enableFractional': json(200, {}) });
    await postCommand('t-unseen', '/api/trackings/t-unseen/enableFractional');
    expect(mock.calls[0]?.headers.has('if-match')).toBe(false);
  });

  it('sends the same action again with the same Idempotency-Key after an unanswered try, a new one after an answer', async () => {
    const mock = mockApi({
      [`POST ${url}`]: [NO_RESPONSE, json(503, { message: 'Down' }), json(200, {}), json(200, {})],
    });
    await expect(postCommand('t-1', url, order)).rejects.toMatchObject({ noResponse: true });
    await expect(postCommand('t-1', url, order)).rejects.toMatchObject({ status: 503 });
    await postCommand('t-1', url, order);
    await postCommand('t-1', url, order);
    const keys = mock.calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('does not carry a key over to another action, nor past a refusal', async () => {
    const mock = mockApi({
      [`POST ${url}`]: [
        NO_RESPONSE,
        json(409, { message: 'This tracking changed in another window' }),
        json(200, {}),
      ],
    });
    await expect(postCommand('t-1', url, order)).rejects.toMatchObject({ noResponse: true });
    await postCommand('t-1', url, { ...order, shares: '4' }).catch(() => undefined);
    await postCommand('t-1', url, { ...order, shares: '4' });
    const keys = mock.calls.map((call) => call.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(3);
  });
});

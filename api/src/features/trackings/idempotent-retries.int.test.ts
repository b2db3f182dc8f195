import { randomUUID } from 'node:crypto';
import { trackingStreamId } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

/** A multipart import form, with the boundary a client chose (a retry often gets a new one). */
const importForm = (boundary: string, csv: string) => ({
  'content-type': `multipart/form-data; boundary=${boundary}`,
  payload: [
    `--${boundary}\r\nContent-Disposition: form-data; name="symbol"\r\n\r\nQQQ\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="positions.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${boundary}--\r\n`,
  ].join(''),
});

/**
 * Issue 27 items 1 and 3: a retry after a failure that came AFTER the append records nothing twice, and a
 * different file under the same Idempotency-Key is refused like a different JSON body.
 */
describe.each(await testStores())('Idempotent retries (issue 27) on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  /**
   * When set, the append after this many others is committed and then reported as failed (a connection lost before
   * the answer).
   */
  let failAfterAppends: number | undefined;

  beforeAll(async () => {
    app = await createTestApp({
      store,
      beforeReady: async (instance) => {
        const append = instance.eventStore.appendToStream.bind(instance.eventStore);
        instance.eventStore.appendToStream = async (...args) => {
          const result = await append(...args);
          if (failAfterAppends !== undefined && failAfterAppends-- === 0) {
            failAfterAppends = undefined;
            throw new Error('connection lost after the commit');
          }
          return result;
        };
      },
    });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await ann.create('QQQ', '10000')).body as { trackingId: string }).trackingId;
  }, 120_000);
  afterAll(() => app.dispose());

  const orderCount = async () =>
    (await app.testEventStore.readStream(trackingStreamId(trackingId))).filter(
      (event) => event.type === 'OrderExecuted',
    ).length;

  it('answers the retry of an order whose events were appended before a 500 from the log: one order', async () => {
    const key = randomUUID();
    const before = await orderCount();
    failAfterAppends = 0;
    const failed = await ann.execute(trackingId, { symbol: 'AAPL', shares: '1', orderType: 'BUY' }, key);
    expect(failed.status).toBe(500);
    expect(await orderCount()).toBe(before + 1);

    const retry = await ann.execute(trackingId, { symbol: 'AAPL', shares: '1', orderType: 'BUY' }, key);
    expect(retry.status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
    // And once answered, the key replays that answer.
    const again = await ann.execute(trackingId, { symbol: 'AAPL', shares: '1', orderType: 'BUY' }, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses a different file under the same key with 422 and replays the same file sent with a new boundary', async () => {
    const key = randomUUID();
    const send = (boundary: string, csv: string) => {
      const { payload, ...headers } = importForm(boundary, csv);
      return app.inject({
        method: 'POST',
        url: '/api/trackings/import',
        headers: { ...ann.headers, ...headers, 'idempotency-key': key },
        payload,
      });
    };
    const first = await send('----first', 'Symbol,Quantity\nAAPL,3\n');
    expect(first.statusCode).toBe(200);
    const other = await send('----first', 'Symbol,Quantity\nMSFT,5\n');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    const sameFile = await send('----retry', 'Symbol,Quantity\nAAPL,3\n');
    expect(sameFile.statusCode).toBe(200);
    expect(sameFile.headers['idempotent-replayed']).toBe('true');
    expect(sameFile.json()).toEqual(first.json());
  });

  it('answers the retry of an import with a gains budget cut off after its append from the log: one of each event', async () => {
    const key = randomUUID();
    const year = Number(new Date().toISOString().slice(0, 4));
    const body = {
      symbol: 'QQQ',
      rows: [{ symbol: 'AAPL', shares: '2', costBasis: '300', acquired: '2021-03-01' }],
      taxBudget: { year, maxNetGain: '0', allowShortTermGains: false },
    };
    const before = await ann.call('GET', '/api/trackings/trackings-summary');
    // The tracking slot is appended first, the tracking's events second: the second is cut off.
    failAfterAppends = 1;
    const failed = await ann.call('POST', '/api/trackings/import', body, { 'idempotency-key': key });
    expect(failed.status).toBe(500);
    const retry = await ann.call('POST', '/api/trackings/import', body, { 'idempotency-key': key });
    expect(retry.status).toBe(200);
    const { trackingId: imported } = retry.body as { trackingId: string };
    const events = await app.testEventStore.readStream(trackingStreamId(imported));
    expect(events.map((event) => event.type)).toEqual([
      'TrackingCreated',
      'PositionsImported',
      'TaxBudgetSet',
    ]);
    const after = await ann.call('GET', '/api/trackings/trackings-summary');
    expect((after.body as unknown[]).length).toBe((before.body as unknown[]).length + 1);
  });
});

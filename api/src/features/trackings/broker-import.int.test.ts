import { dec } from '@etf-replicator/core';
import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type { LotsResponse } from '@etf-replicator/core/contracts/taxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAdminToken } from '../../testing/admin-token';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
  trackingFootprint,
} from './testing/tracking-test-client';

const boundary = '----import17';
const multipart = (fields: Record<string, string>, file?: string) => ({
  'content-type': `multipart/form-data; boundary=${boundary}`,
  payload: [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    ...(file === undefined
      ? []
      : [
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="positions.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n`,
        ]),
    `--${boundary}--\r\n`,
  ].join(''),
});

describe.each(await testStores())('Import positions and export CSV on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let first: string;
  let second: string;

  const upload = (client: TrackingClient, url: string, fields: Record<string, string>, file?: string) => {
    const { payload, ...headers } = multipart(fields, file);
    return app.inject({ method: 'POST', url, headers: { ...client.headers, ...headers }, payload });
  };
  const csvOf = (client: TrackingClient, url: string) =>
    app.inject({ method: 'GET', url, headers: client.headers });
  const footprint = (client: TrackingClient) => trackingFootprint(app, client);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    const target = (await ann.replicate('QQQ', '20000')).body as { investments: { symbol: string }[] };
    [first, second] = target.investments.map((line) => line.symbol) as [string, string];
  }, 120_000);
  afterAll(() => app?.dispose());

  it('previews JSON rows: what is recorded, what is kept outside and why, the orders; appends nothing', async () => {
    const before = await footprint(ann);
    const response = await ann.call('POST', '/api/trackings/import/preview', {
      symbol: 'qqq',
      targetInvestmentAmount: '20000',
      rows: [
        { symbol: first, shares: '10', costBasis: '1000', acquired: '2023-01-02' },
        { symbol: second.toLowerCase(), shares: 3 },
        { symbol: 'ZZZZ', shares: '5' },
      ],
    });
    expect(response.status).toBe(200);
    const preview = response.body as ImportPreview;
    expect(preview.source.id).toBe('json');
    expect(preview.recorded.map((row) => [row.symbol, row.shares, row.basisKnown, row.dateKnown])).toEqual([
      [first, '10', true, true],
      [second, '3', false, false],
    ]);
    expect(preview.recorded.map((row) => [row.costBasis, row.acquired])).toEqual([
      ['1000.00', '2023-01-02'],
      [null, null],
    ]);
    expect(preview.ignored).toEqual([
      { line: null, symbol: 'ZZZZ', reason: 'kept outside the tracking: not a holding of QQQ' },
    ]);
    expect(preview.orders.length).toBeGreaterThan(0);
    expect(preview.orders.map((order) => order.symbol)).not.toContain('ZZZZ');
    // Issue 32: the positions are valued at the snapshot's closes, and the preview says of which days.
    expect(preview.pricesAsOf).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const value = preview.recorded.reduce((sum, row) => sum.add(dec(row.shares).mul(row.price)), dec('0'));
    expect(dec(preview.importedValue).sub(value).abs().lt('0.01')).toBe(true);
    expect(dec(preview.leftoverAmount).sub(dec('20000').sub(value)).abs().lt('0.01')).toBe(true);
    expect(preview.notes).toEqual(
      expect.arrayContaining([
        '1 of 2 lots have no cost basis in the file: cost basis unknown — valued at the snapshot price for replication only; tax reports will show it as unknown.',
        '1 of 2 lots have no acquisition date in the file: acquisition date unknown — tax reports will show it as unknown.',
      ]),
    );
    expect([preview.cashAmount, preview.targetFrom]).toEqual(['0.00', 'request']);
    expect(await footprint(ann)).toEqual(before);
  });

  it('imports a broker file (multipart) into a new tracking: lots, orders as previewed, history', async () => {
    const file = `"Positions for account Individual ...123 as of 04:10 PM ET"\r\n\r\n"Symbol","Description","Quantity","Price","Market Value","Cost Basis","Security Type"\r\n"${first}","ONE","12","$1.00","$12.00","$1,200.00","Equity"\r\n"${second}","TWO","4","$1.00","$4.00","--","Equity"\r\n"Cash & Cash Investments","--","--","--","$500.00","--","Cash and Money Market"\r\n"Account Total","--","--","--","$516.00","--","--"\r\n`;
    const fields = { symbol: 'QQQ', targetInvestmentAmount: '25000' };
    const previewed = await upload(ann, '/api/trackings/import/preview', fields, file);
    expect(previewed.statusCode).toBe(200);
    const preview = previewed.json() as ImportPreview;
    expect(preview.source.id).toBe('schwab');
    expect(preview.ignored.map((row) => [row.line, row.symbol])).toEqual([
      [6, 'CASH & CASH INVESTMENTS'],
      [7, 'ACCOUNT TOTAL'],
    ]);

    const imported = await upload(ann, '/api/trackings/import', fields, file);
    expect(imported.statusCode).toBe(200);
    const { trackingId } = imported.json() as { trackingId: string };
    const detail = await ann.detail(trackingId);
    const held = Object.fromEntries(
      detail.currentReplication.investments.map((line) => [line.symbol, line.numberOfShares]),
    );
    expect(held).toMatchObject({ [first]: '12', [second]: '4' });
    expect(detail.adjustmentOrders).toEqual(preview.orders);
    expect(detail.currentReplication.targetInvestmentAmount).toBe('25000.00');

    const lots = (await ann.call('GET', `/api/trackings/${trackingId}/lots`)).body as LotsResponse;
    const lot = lots.holdings.find((line) => line.symbol === first)?.lots[0];
    expect([lot?.shares, lot?.costPerShare]).toEqual(['12', '100']);

    const history = (await ann.history(trackingId)).body as { content: HistoryEntry[] };
    expect(history.content.map((entry) => [entry.actionType, entry.revertible, entry.details.lots])).toEqual([
      ['IMPORT_POSITIONS', false, 2],
    ]);
    const audit = await app.testEventStore.readStream(`tracking-${trackingId}`);
    expect(audit.map((event) => event.type)).toEqual(['TrackingCreated', 'PositionsImported']);
  });

  it('a file with a broken line appends nothing and names the line', async () => {
    const before = await footprint(ann);
    const file = `symbol,shares,costBasis\n${first},5,100\n${second},five,\n`;
    for (const url of ['/api/trackings/import', '/api/trackings/import/preview']) {
      const response = await upload(ann, url, { symbol: 'QQQ' }, file);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/Line 3: quantity "five"/);
    }
    const json = await ann.call('POST', '/api/trackings/import', { symbol: 'QQQ', csv: file });
    expect(json.status).toBe(400);
    expect(await footprint(ann)).toEqual(before);
  });

  it('reads taxBudget and index from a multipart form as JSON text (issues 30, 31)', async () => {
    const before = await footprint(ann);
    const file = `symbol,shares,costBasis,acquired\n${first},3,300,2021-04-05\n`;
    const year = Number(new Date().toISOString().slice(0, 4));
    const taxBudget = JSON.stringify({ year, maxNetGain: '0', allowShortTermGains: false });
    const index = JSON.stringify({ type: 'etf', symbol: 'QQQ' });
    const previewed = await upload(ann, '/api/trackings/import/preview', { index, taxBudget }, file);
    expect(previewed.statusCode).toBe(200);
    expect((previewed.json() as ImportPreview).etfSymbol).toBe('QQQ');
    const broken = await upload(ann, '/api/trackings/import', { symbol: 'QQQ', taxBudget: '{year' }, file);
    expect([broken.statusCode, (broken.json() as { message: string }).message]).toEqual([
      400,
      'Invalid taxBudget: must be JSON',
    ]);
    expect(await footprint(ann)).toEqual(before);
  });

  it('refuses bad input with 400 (and an unknown ETF with 404)', async () => {
    const before = await footprint(ann);
    const rows = [{ symbol: first, shares: '1' }];
    for (const body of [
      { rows },
      { symbol: 'QQQ' },
      { symbol: 'QQQ', rows, csv: 'symbol,shares\nA,1' },
      { symbol: 'QQQ', rows: [{ symbol: first, shares: '-1' }] },
      { symbol: 'QQQ', rows: [{ symbol: first, shares: '1', acquired: '2999-01-01' }] },
      { symbol: 'QQQ', rows, targetInvestmentAmount: 'lots' },
      { symbol: 'QQQ', rows: [{ symbol: 'ZZZZ', shares: '1' }], targetInvestmentAmount: '1000' },
      { symbol: 'QQQ', rows, extra: true },
    ]) {
      const response = await ann.call('POST', '/api/trackings/import', body);
      expect([body, response.status]).toEqual([body, 400]);
    }
    expect((await upload(ann, '/api/trackings/import', { symbol: 'QQQ' })).statusCode).toBe(400);
    expect((await ann.call('POST', '/api/trackings/import', { symbol: 'NOPE', rows })).status).toBe(404);
    expect(await footprint(ann)).toEqual(before);
  });

  it("keeps the plan's tracking limit and answers a retried Idempotency-Key with the same tracking", async () => {
    const free = await trackingClient(app);
    const body = { symbol: 'QQQ', rows: [{ symbol: first, shares: '1' }] };
    const key = { 'idempotency-key': `import-${free.userId}` };
    const created = await free.call('POST', '/api/trackings/import', body, key);
    expect(created.status).toBe(200);
    const retried = await free.call('POST', '/api/trackings/import', body, key);
    expect(retried.status).toBe(200);
    expect((retried.body as { trackingId: string }).trackingId).toBe(
      (created.body as { trackingId: string }).trackingId,
    );
    const before = await footprint(free);
    expect(before.trackings).toBe(1);
    const second = await free.call('POST', '/api/trackings/import', body);
    expect(second.status).toBe(403);
    expect(await footprint(free)).toEqual(before);
  });

  it('exports the orders (generic and IBKR basket) and the positions as CSV; others get 404', async () => {
    const created = await ann.call('POST', '/api/trackings/import', {
      symbol: 'QQQ',
      targetInvestmentAmount: '20000',
      rows: [{ symbol: first, shares: '2', costBasis: '300', acquired: '2022-05-06' }],
    });
    const { trackingId } = created.body as { trackingId: string };
    const detail = await ann.detail(trackingId);

    const orders = await csvOf(ann, `/api/trackings/${trackingId}/orders.csv`);
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(orders.headers['content-disposition']).toMatch(
      /^attachment; filename="QQQ-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = orders.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('symbol,side,quantity,orderType,estimatedPrice,estimatedAmount');
    expect(lines).toHaveLength(detail.adjustmentOrders.length + 1);
    const [order] = detail.adjustmentOrders;
    expect(lines[1]?.startsWith(`${order?.symbol},${order?.orderType},${order?.shares},MARKET,`)).toBe(true);

    const basket = await csvOf(ann, `/api/trackings/${trackingId}/orders.csv?layout=ibkr`);
    expect(basket.body.split('\r\n')[0]).toBe(
      'Action,Quantity,Symbol,SecType,Exchange,Currency,TimeInForce,OrderType',
    );
    expect(basket.body.split('\r\n')[1]).toBe(
      `${order?.orderType},${order?.shares},${order?.symbol},STK,SMART,USD,DAY,MKT`,
    );
    expect((await csvOf(ann, `/api/trackings/${trackingId}/orders.csv?layout=excel`)).statusCode).toBe(400);

    const positions = await csvOf(ann, `/api/trackings/${trackingId}/positions.csv`);
    expect(positions.statusCode).toBe(200);
    expect(positions.body.split('\r\n').slice(0, 2)).toEqual([
      'symbol,shares,costBasis,acquired,price,marketValue',
      expect.stringMatching(new RegExp(`^${first},2,300.00,2022-05-06,`)),
    ]);
    // The positions file imports back as it is.
    const again = await ann.call('POST', '/api/trackings/import/preview', {
      symbol: 'QQQ',
      csv: positions.body,
    });
    expect(
      (again.body as ImportPreview).recorded.map((row) => [
        row.symbol,
        row.shares,
        row.costBasis,
        row.acquired,
      ]),
    ).toEqual([[first, '2', '300.00', '2022-05-06']]);

    const stranger = await trackingClient(app, { plan: 'PRO' });
    expect((await csvOf(stranger, `/api/trackings/${trackingId}/orders.csv`)).statusCode).toBe(404);
    expect((await csvOf(stranger, `/api/trackings/${trackingId}/positions.csv`)).statusCode).toBe(404);
    const adminToken = signAdminToken(app, 'admin-17', 'admin@example.com');
    const asAdmin = await app.inject({
      method: 'GET',
      url: `/api/trackings/${trackingId}/positions.csv`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(asAdmin.statusCode).toBe(200);
  });
});

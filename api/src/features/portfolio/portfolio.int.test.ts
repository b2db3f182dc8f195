import { randomUUID } from 'node:crypto';
import { trackingStreamId } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { type PortfolioResponse, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../trackings/testing/tracking-test-client';

type Answer = Awaited<ReturnType<TrackingClient['call']>>;
const portfolioOf = (answer: Answer) => answer.body as PortfolioResponse;
const messageOf = (answer: Answer) => (answer.body as { message: string }).message;

describe.each(await testStores())('The investor portfolio on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let voo: string;
  let qqq: string;
  const streamLength = async (trackingId: string) =>
    (await app.testEventStore.readStream(trackingStreamId(trackingId))).length;
  const get = (client: TrackingClient, headers: Record<string, string> = {}) =>
    client.call('GET', '/api/portfolio', undefined, headers);
  const post = (client: TrackingClient, body: object, headers: Record<string, string>) =>
    client.call('POST', '/api/portfolio/orders', body, headers);
  const all = (portfolio: PortfolioResponse) =>
    portfolio.orders.map(({ symbol, orderType, shares }) => ({ symbol, orderType, shares }));

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    voo = ((await ann.create('VOO', '5000')).body as { trackingId: string }).trackingId;
    qqq = ((await ann.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
  }, 120_000);
  afterAll(() => app?.dispose());

  it('answers an investor without trackings with an empty portfolio, not 404', async () => {
    const answer = await get(await trackingClient(app, { plan: 'PRO' }));
    expect(answer.status).toBe(200);
    const portfolio = portfolioOf(answer);
    expect(portfolio.summary).toMatchObject({
      trackings: 0,
      investedValue: '0',
      cash: '0',
      replicationRate: '0',
    });
    expect([portfolio.holdings, portfolio.orders, portfolio.overlap]).toEqual([[], [], []]);
    expect(portfolio.gains.realised).toHaveLength(1);
  });

  it('shows a stock both trackings target once, with each part, and overlap of the pair', async () => {
    const answer = await get(ann);
    expect(answer.status).toBe(200);
    const portfolio = portfolioOf(answer);
    expect(portfolio.trackings.map((tracking) => tracking.label)).toEqual(['VOO', 'QQQ']);
    const aapl = portfolio.holdings.filter((holding) => holding.symbol === 'AAPL');
    expect(aapl).toHaveLength(1);
    expect(aapl[0]?.trackings.map((part) => part.trackingId).sort()).toEqual([voo, qqq].sort());
    const [vooDetail, qqqDetail] = [await ann.detail(voo), await ann.detail(qqq)];
    const targetOf = (detail: typeof vooDetail) =>
      detail.targetReplication.investments.find((line) => line.symbol === 'AAPL')?.numberOfShares;
    expect(Number(aapl[0]?.targetShares)).toBe(Number(targetOf(vooDetail)) + Number(targetOf(qqqDetail)));
    expect(portfolio.overlap).toHaveLength(1);
    expect(Number(portfolio.overlap[0]?.overlap)).toBeGreaterThan(0);
    const netAapl = portfolio.orders.find((order) => order.symbol === 'AAPL');
    expect(netAapl?.parts.map((part) => part.trackingId).sort()).toEqual([voo, qqq].sort());
    expect(portfolio.saving.ordersAfter).toBeLessThan(portfolio.saving.ordersBefore);
  });

  it('leaves out the BUYs a wash-sale window holds back, so netting never puts them back in', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const a = ((await investor.create('VOO', '5000')).body as { trackingId: string }).trackingId;
    const b = ((await investor.create('QQQ', '5000')).body as { trackingId: string }).trackingId;
    // Bought at a $10,000 fill and sold at the snapshot price today: a loss, so AAPL's window is open for 30 days.
    const bought = await investor.call('POST', `/api/trackings/${a}/applyAdjustmentOrders`, {
      symbol: 'AAPL',
      shares: '1',
      orderType: 'BUY',
      price: '10000',
    });
    expect(bought.status).toBe(200);
    expect((await investor.execute(a, { symbol: 'AAPL', shares: '1', orderType: 'SELL' })).status).toBe(200);
    const held = (await investor.detail(b)).heldBackBuys?.map((buy) => buy.symbol);
    expect(held).toContain('AAPL');
    const portfolio = portfolioOf(await get(investor));
    expect(portfolio.orders.find((order) => order.symbol === 'AAPL')).toBeUndefined();
    expect(portfolio.orders.length).toBeGreaterThan(0);
    expect(portfolio.gains.realised[0]?.shortTerm.startsWith('-')).toBe(true);
  });

  it('drops a deleted tracking at once, with a new revision', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const a = ((await investor.create('VOO', '5000')).body as { trackingId: string }).trackingId;
    const b = ((await investor.create('VOO', '5000')).body as { trackingId: string }).trackingId;
    const both = portfolioOf(await get(investor));
    // Two trackings of one ETF are told apart by their creation date; identical weights overlap fully.
    expect(both.trackings.map((tracking) => tracking.label.startsWith('VOO (')).every(Boolean)).toBe(true);
    expect(both.overlap.map((pair) => [pair.a, pair.b])).toEqual([[a, b]]);
    expect(both.overlap[0]?.overlap).toBe('100');
    expect((await investor.call('DELETE', `/api/trackings/${b}`)).status).toBe(204);
    const one = portfolioOf(await get(investor));
    expect(one.revision).not.toBe(both.revision);
    expect([one.trackings.map((tracking) => tracking.label), one.overlap]).toEqual([['VOO'], []]);
  });

  it('answers 304 to its ETag and a new revision once a tracking changes', async () => {
    const first = await get(ann);
    const { revision } = portfolioOf(first);
    expect(first.headers.etag).toBe(`"p${revision}"`);
    expect((await get(ann, { 'if-none-match': `"p${revision}"` })).status).toBe(304);
    await ann.call('POST', `/api/trackings/${voo}/toggleAutoTrackingTargetAmount`);
    const after = await get(ann, { 'if-none-match': `"p${revision}"` });
    expect(after.status).toBe(200);
    expect(portfolioOf(after).revision).not.toBe(revision);
    await ann.call('POST', `/api/trackings/${voo}/toggleAutoTrackingTargetAmount`);
  });

  it('never shows another investor the portfolio, nor lets them record into it', async () => {
    const intruder = await trackingClient(app, { plan: 'PRO' });
    const mine = portfolioOf(await get(ann));
    const theirs = await get(intruder);
    expect(portfolioOf(theirs).trackings).toEqual([]);
    expect(JSON.stringify(theirs.body)).not.toContain(voo);
    const before = [await streamLength(voo), await streamLength(qqq)];
    const refused = await post(intruder, { orders: all(mine) }, { 'if-match': `"p${mine.revision}"` });
    expect(refused.status).toBe(409);
    expect([await streamLength(voo), await streamLength(qqq)]).toEqual(before);
  });

  it('refuses bad input with 400, a stale or missing If-Match, and the Free plan, recording nothing', async () => {
    const portfolio = portfolioOf(await get(ann));
    const ifMatch = { 'if-match': `"p${portfolio.revision}"` };
    const [first] = all(portfolio);
    if (!first) throw new Error('two new trackings suggest orders');
    const before = [await streamLength(voo), await streamLength(qqq)];
    const cases: [object, Record<string, string>, number, string | undefined][] = [
      [{ orders: [{ ...first, symbol: 'NOPE' }] }, ifMatch, 400, portfolioMessages.notInOrders('NOPE')],
      [
        { orders: [{ ...first, shares: `${first.shares}1` }] },
        ifMatch,
        400,
        portfolioMessages.tooMany(first.symbol),
      ],
      [
        { orders: [{ ...first, orderType: 'SELL' }] },
        ifMatch,
        400,
        portfolioMessages.notInOrders(first.symbol),
      ],
      [{ orders: [first, first] }, ifMatch, 400, `${first.symbol} is listed more than once`],
      [{ orders: [{ ...first, extra: 1 }] }, ifMatch, 400, undefined],
      [{ orders: [] }, ifMatch, 400, undefined],
      [{ orders: [{ ...first, price: '-3' }] }, ifMatch, 400, undefined],
      [{ orders: [first] }, { 'if-match': '"pStale"' }, 409, portfolioMessages.changedElsewhere],
      [{ orders: [first] }, { 'if-match': 'nonsense' }, 400, undefined],
      [{ orders: [first] }, {}, 428, undefined],
    ];
    for (const [body, headers, status, message] of cases) {
      const answer = await post(ann, body, headers);
      expect({ body, status: answer.status }).toEqual({ body, status });
      if (message) expect(messageOf(answer)).toBe(message);
    }
    const free = await trackingClient(app);
    await free.create('VOO', '1000');
    const freePortfolio = portfolioOf(await get(free));
    expect(freePortfolio.canExecuteNetted).toBe(false);
    const refused = await post(
      free,
      { orders: all(freePortfolio).slice(0, 1) },
      { 'if-match': `"p${freePortfolio.revision}"` },
    );
    expect([refused.status, messageOf(refused)]).toEqual([403, portfolioMessages.paidPlanOnly]);
    expect([await streamLength(voo), await streamLength(qqq)]).toEqual(before);
  });

  it('exports the netted orders as CSV in both layouts', async () => {
    const portfolio = portfolioOf(await get(ann));
    const generic = await ann.raw('/api/portfolio/orders.csv');
    expect(generic.statusCode).toBe(200);
    const lines = generic.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('symbol,side,quantity,orderType,estimatedPrice,estimatedAmount');
    expect(lines).toHaveLength(portfolio.orders.length + 1);
    const aapl = portfolio.orders.find((order) => order.symbol === 'AAPL');
    expect(lines).toContain(
      `AAPL,BUY,${aapl?.shares},MARKET,${aapl?.price},${Number(aapl?.amount).toFixed(2)}`,
    );
    const ibkr = await ann.raw('/api/portfolio/orders.csv?layout=ibkr');
    expect(ibkr.body.split(/\r?\n/)[0]).toBe(
      'Action,Quantity,Symbol,SecType,Exchange,Currency,TimeInForce,OrderType',
    );
    expect((await ann.raw('/api/portfolio/orders.csv?layout=nope')).statusCode).toBe(400);
  });

  it('records the netted orders as each tracking its own orders, once per Idempotency-Key, each revertible', async () => {
    const portfolio = portfolioOf(await get(ann));
    const suggested = {
      [voo]: (await ann.detail(voo)).adjustmentOrders,
      [qqq]: (await ann.detail(qqq)).adjustmentOrders,
    };
    const before = { [voo]: await streamLength(voo), [qqq]: await streamLength(qqq) };
    const headers = { 'if-match': `"p${portfolio.revision}"`, 'idempotency-key': randomUUID() };
    // AAPL is filled at the broker at $123.45: both trackings' parts record that fill.
    const orders = all(portfolio).map((order) =>
      order.symbol === 'AAPL' ? { ...order, price: '123.45' } : order,
    );
    const answer = await post(ann, { orders }, headers);
    expect(answer.status).toBe(200);
    const { recorded, portfolio: after } = answer.body as {
      recorded: { trackingId: string; orders: number }[];
      portfolio: PortfolioResponse;
    };
    expect(recorded).toEqual([
      { trackingId: voo, orders: suggested[voo]?.length },
      { trackingId: qqq, orders: suggested[qqq]?.length },
    ]);
    expect(after.orders).toEqual([]);
    const replay = await post(ann, { orders }, headers);
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    for (const trackingId of [voo, qqq]) {
      expect(await streamLength(trackingId)).toBe(
        (before[trackingId] ?? 0) + (suggested[trackingId]?.length ?? 0),
      );
      const fills = (await app.testEventStore.readStream(trackingStreamId(trackingId)))
        .filter((event) => (event.data as { symbol?: string }).symbol === 'AAPL')
        .map((event) => (event.data as { fillPrice?: string }).fillPrice);
      expect(fills).toEqual(['123.45']);
      const detail = await ann.detail(trackingId);
      expect(detail.adjustmentOrders).toEqual([]);
      const held = Object.fromEntries(
        detail.currentReplication.investments.map((line) => [line.symbol, line.numberOfShares]),
      );
      for (const order of suggested[trackingId] ?? [])
        expect(Number(held[order.symbol])).toBe(Number(order.shares));
    }
    const history = (await ann.history(voo)).body as { content: HistoryEntry[] };
    const aaplBuy = history.content.find((entry) => entry.details.symbol === 'AAPL');
    expect((await ann.revert(voo, aaplBuy?.id as string)).status).toBe(200);
    const reverted = portfolioOf(await get(ann));
    expect(
      reverted.orders.map((order) => [order.symbol, order.parts.map((part) => part.trackingId)]),
    ).toEqual([['AAPL', [voo]]]);
    expect((await ann.detail(qqq)).adjustmentOrders).toEqual([]);
  });
});

import { addDays, dec, nyTradeDate } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import {
  type HarvestResponse,
  type LotsResponse,
  type RealizedGainsResponse,
  TAX_REPORT_COLUMNS,
  type TaxLossHarvestingResponse,
} from '@etf-replicator/core/contracts/taxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describe.each(await testStores())('Tax-loss harvesting on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;
  let symbol: string;
  let price: string;
  let shares: string;
  const url = (path: string) => `/api/trackings/${trackingId}/${path}`;
  const candidates = async (query = '', client = ann) =>
    (await client.call('GET', url(`tax-loss-harvesting${query}`))).body as TaxLossHarvestingResponse;
  const lots = async () => ((await ann.call('GET', url('lots'))).body as LotsResponse).holdings;
  const history = async () => ((await ann.history(trackingId)).body as { content: HistoryEntry[] }).content;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await ann.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const detail = await ann.detail(trackingId);
    const first = detail.adjustmentOrders.find((order) => order.orderType === 'BUY');
    if (!first) throw new Error('QQQ $20,000 suggests orders');
    symbol = first.symbol;
    shares = first.shares;
    price = detail.prices[symbol] as string;
    // Filled at twice today's price: every share is at a loss of `price`.
    const buy = { symbol, orderType: 'BUY', shares, price: dec(price).mul(2).toFixed() };
    expect((await ann.call('POST', url('applyAdjustmentOrders'), buy)).status).toBe(200);
  }, 120_000);
  afterAll(() => app?.dispose());

  it('harvest journey: candidate → harvest → lots, realised gains, CSV → revert restores everything', async () => {
    const loss = dec(price).mul(shares);
    const listed = await candidates();
    expect(listed.minLoss).toEqual({ amount: '100', percent: '5' });
    expect(listed.candidates.map((c) => [c.symbol, c.shares, c.loss, c.lossPercent, c.washSale])).toEqual([
      [symbol, shares, loss.toFixed(), '50', { status: 'clear' }],
    ]);
    const [candidate] = listed.candidates;
    const replacement = candidate?.replacements[0];
    if (!candidate || !replacement) throw new Error(`${symbol} has a replacement`);
    expect(candidate.replacements.length).toBeLessThanOrEqual(3);
    expect(candidate.replacements.every((r) => r.sector === candidate.sector && r.symbol !== symbol)).toBe(
      true,
    );
    const lotsBefore = await lots();

    const revision = (await ann.detail(trackingId)).revision as number;
    const body = { symbol, replacement: replacement.symbol };
    const headers = { 'if-match': `"r${revision}"`, 'idempotency-key': `harvest-${trackingId}` };
    const harvested = await ann.call('POST', url('harvest'), body, headers);
    expect(harvested.status).toBe(200);
    const answer = harvested.body as HarvestResponse;
    const bought = dec(answer.orders[0]?.amount ?? '0')
      .div(dec(replacement.price))
      .floor();
    expect(answer.orders.map((o) => [o.symbol, o.orderType, o.shares])).toEqual([
      [symbol, 'SELL', shares],
      [replacement.symbol, 'BUY', bought.toFixed()],
    ]);
    expect(dec(answer.realisedLoss).eq(loss)).toBe(true);
    expect(answer.substitution).toMatchObject({
      symbol,
      replacement: replacement.symbol,
      status: 'window',
      daysLeft: 30,
    });
    expect(answer.revision).toBe(revision + 3);
    // The same Idempotency-Key answers the same harvest again; a stale If-Match is a conflict.
    const replay = await ann.call('POST', url('harvest'), body, headers);
    expect((replay.body as HarvestResponse).harvestId).toBe(answer.harvestId);
    expect((await ann.call('POST', url('harvest'), body, { 'if-match': `"r${revision}"` })).status).toBe(409);

    expect((await lots()).map((h) => [h.symbol, h.shares])).toEqual([[replacement.symbol, bought.toFixed()]]);
    const year = new Date().getUTCFullYear();
    const gains = (await ann.call('GET', url(`realized-gains?year=${year}`))).body as RealizedGainsResponse;
    expect(gains.lots.map((l) => [l.symbol, l.shares, l.harvestId])).toEqual([
      [symbol, shares, answer.harvestId],
    ]);
    expect(dec(gains.years[0]?.harvestedLoss ?? '0').eq(loss)).toBe(true);

    const csv = await ann.raw(url(`tax-report.csv?year=${year}`));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="tax-report-QQQ-${year}.csv"`);
    const today = mmddyyyy(nyTradeDate(new Date().toISOString()));
    const cost = dec(price).mul(2).mul(shares);
    expect(csv.body).toBe(
      `${TAX_REPORT_COLUMNS.join(',')}\r\n` +
        `${shares} sh ${symbol},${today},${today},${cost.sub(loss).toFixed(2)},${cost.toFixed(2)},${loss.neg().toFixed(2)},Short-term\r\n`,
    );

    // Inside the window no BUY of the sold stock is suggested; the substitution is listed.
    const detail = await ann.detail(trackingId);
    expect(detail.adjustmentOrders.some((o) => o.symbol === symbol && o.orderType === 'BUY')).toBe(false);
    expect((await candidates()).substitutions).toMatchObject([
      { symbol, replacement: replacement.symbol, harvestId: answer.harvestId, status: 'window' },
    ]);

    // Another tracking of the same investor does not suggest buying the sold stock inside its window either.
    const other = ((await ann.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const otherOrders = (await ann.detail(other)).adjustmentOrders;
    expect(otherOrders.some((o) => o.orderType === 'BUY' && o.symbol === replacement.symbol)).toBe(true);
    expect(otherOrders.some((o) => o.symbol === symbol)).toBe(false);
    expect((await ann.call('DELETE', `/api/trackings/${other}`)).status).toBeLessThan(300);

    // History: one HARVEST entry (revertible), its orders only with it.
    const entries = await history();
    const harvestEntry = entries.find((e) => e.actionType === 'HARVEST');
    expect(harvestEntry).toMatchObject({
      id: answer.harvestId,
      revertible: true,
      details: { symbol, replacement: replacement.symbol },
    });
    const orderEntries = entries.filter((e) => e.details.harvestId === answer.harvestId);
    expect(orderEntries.map((e) => [e.details.orderType, e.revertible])).toEqual([
      ['BUY', false],
      ['SELL', false],
    ]);
    expect((await ann.revert(trackingId, orderEntries[0]?.id as string)).status).toBe(409);
    expect((await ann.revert(trackingId, answer.harvestId)).status).toBe(200);

    expect(await lots()).toEqual(lotsBefore);
    expect(((await ann.call('GET', url('realized-gains'))).body as RealizedGainsResponse).lots).toEqual([]);
    expect((await candidates()).substitutions).toEqual([]);
    expect((await ann.raw(url(`tax-report.csv?year=${year}`))).body).toBe(
      `${TAX_REPORT_COLUMNS.join(',')}\r\n`,
    );
    const after = await history();
    expect(after.filter((e) => e.details.harvestId === answer.harvestId).every((e) => e.reverted)).toBe(true);
    expect(after.find((e) => e.id === answer.harvestId)?.reverted).toBe(true);
  });

  it('keeps a replacement for good with a revertible command', async () => {
    const [candidate] = (await candidates()).candidates;
    const replacement = candidate?.replacements[0]?.symbol as string;
    expect((await ann.call('POST', url('harvest'), { symbol, replacement })).status).toBe(200);
    const kept = await ann.call('POST', url('substitutions/keep'), { symbol: symbol.toLowerCase() });
    expect(kept.status).toBe(200);
    expect((await candidates()).substitutions).toMatchObject([{ symbol, replacement, status: 'kept' }]);
    expect((await ann.call('POST', url('substitutions/keep'), { symbol })).status).toBe(409);
    const keepEntry = (await history()).find((e) => e.actionType === 'KEEP_REPLACEMENT');
    expect((await ann.revert(trackingId, keepEntry?.id as string)).status).toBe(200);
    expect((await candidates()).substitutions).toMatchObject([{ symbol, status: 'window' }]);
  });

  it('blocks a harvest while a wash sale would disallow the loss (409 with the reason)', async () => {
    const bob = await trackingClient(app, { plan: 'PRO' });
    const bobs = ((await bob.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const order = (body: object) => bob.call('POST', `/api/trackings/${bobs}/applyAdjustmentOrders`, body);
    expect(
      (await order({ symbol, orderType: 'BUY', shares: '2', price: dec(price).mul(2).toFixed() })).status,
    ).toBe(200);
    // Another lot of the same stock, bought today at a gain: not sold by the harvest, inside the 30 days before.
    expect(
      (await order({ symbol, orderType: 'BUY', shares: '1', price: dec(price).div(2).toFixed() })).status,
    ).toBe(200);
    const listed = (await bob.call('GET', `/api/trackings/${bobs}/tax-loss-harvesting?minLoss=1`))
      .body as TaxLossHarvestingResponse;
    const [candidate] = listed.candidates;
    expect(listed.minLoss).toEqual({ amount: '1', percent: null });
    const in31 = addDays(nyTradeDate(new Date().toISOString()), 31);
    expect(candidate?.washSale).toMatchObject({ status: 'blocked', until: in31 });
    const refused = await bob.call('POST', `/api/trackings/${bobs}/harvest`, {
      symbol,
      replacement: candidate?.replacements[0]?.symbol,
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain(`Harvesting is blocked until ${in31}`);
  });

  it("keeps another investor's harvesting out of reach (404)", async () => {
    const stranger = await trackingClient(app, { plan: 'PRO' });
    expect((await stranger.call('GET', url('tax-loss-harvesting'))).status).toBe(404);
    expect((await stranger.call('POST', url('harvest'), { symbol, replacement: 'MSFT' })).status).toBe(404);
    expect((await stranger.call('POST', url('substitutions/keep'), { symbol })).status).toBe(404);
    expect((await stranger.raw(url('tax-report.csv?year=2026'))).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    for (const query of ['?minLoss=abc', '?minLoss=-5', '?minLoss=5%25%25', '?minLoss=']) {
      const response = await ann.call('GET', url(`tax-loss-harvesting${query}`));
      expect([query, response.status]).toEqual([query, 400]);
    }
    expect((await candidates('?minLoss=5%25')).minLoss).toEqual({ amount: null, percent: '5' });
    for (const body of [
      {},
      { symbol },
      { symbol, replacement: 'MSFT', extra: 1 },
      { symbol, replacement: 'NOPE' },
      { symbol: 'NOTHELD', replacement: 'MSFT' },
    ]) {
      const response = await ann.call('POST', url('harvest'), body);
      expect([body, response.status]).toEqual([body, 400]);
    }
    expect((await ann.call('POST', url('substitutions/keep'), {})).status).toBe(400);
    expect((await ann.call('POST', url('substitutions/keep'), { symbol: 'NOTHELD' })).status).toBe(400);
    expect((await ann.raw(url('tax-report.csv'))).statusCode).toBe(400);
    expect((await ann.raw(url('tax-report.csv?year=last'))).statusCode).toBe(400);
  });
});

import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nyToday } from '../../tax/wash-windows';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { publishTaxBudgetEtf, TAX_BUDGET_ETF } from './testing/tax-budget-etf';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
  trackingFootprint,
} from './testing/tracking-test-client';

/**
 * The import with its gains budget in the same request (issue 31 item 5) and with an index (issue 30 item 4).
 * Worked example on TXB (AAA 45 % at $100, BBB 45 % at $50, ZZZ 10 % at $100), target A = $4,000: AAA and BBB
 * target $1,800 each (18 AAA, 36 BBB), ZZZ $400 (4 ZZZ). Imported: 25 AAA bought 60 days ago for $1,500 ($60 a
 * share: a short-term gain of $40 a share); cash $4,000 − $2,500 = $1,500.
 * - Short-term gains allowed, no limit (and $5,000, which $280 fits in): SELL 7 AAA (+$280), cash $1,500 + $700 =
 *   $2,200 buys 36 BBB ($1,800) and 4 ZZZ ($400): every target met, RR 100 %, realises +$280.
 * - $0, or short-term gains not allowed (whatever the amount): the only lot is a short-term gain, so no AAA is sold;
 *   AAA counts $1,800 (its target), the $1,500 cash all goes under BBB's and ZZZ's targets ($2,200 of room):
 *   RR = ($1,800 + $1,500) / $4,000 = 82.5 %, realises $0.
 */
describe.each(await testStores())('Import with a gains budget and an index on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let free: TrackingClient;
  const year = Number(nyToday().slice(0, 4));
  const recent = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const rows = [{ symbol: 'AAA', shares: '25', costBasis: '1500', acquired: recent }];
  const body = (extra: object = {}) => ({
    symbol: TAX_BUDGET_ETF,
    targetInvestmentAmount: '4000',
    rows,
    ...extra,
  });
  const options = (preview: ImportPreview) =>
    (preview.taxBudgetOptions ?? []).map((option) => [
      option.maxNetGain,
      option.replicationRate,
      option.realisedNetGain,
    ]);
  const streamOf = (trackingId: string) => app.testEventStore.readStream(`tracking-${trackingId}`);
  const footprint = (client: TrackingClient) => trackingFootprint(app, client);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    await publishTaxBudgetEtf(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    free = await trackingClient(app);
  }, 180_000);
  afterAll(() => app?.dispose());

  it('the preview offers its budgets with or without short-term gains, as the worked example derives', async () => {
    const allowed = await ann.call('POST', '/api/trackings/import/preview', body());
    expect(allowed.status).toBe(200);
    const withShort = allowed.body as ImportPreview;
    expect(withShort.unconstrainedRealisedNetGain).toBe('280');
    expect(options(withShort)).toEqual([
      ['0', '82.5', '0'],
      ['5000', '100', '280'],
      [null, '100', '280'],
    ]);
    expect(withShort.orders.find((order) => order.symbol === 'AAA')).toMatchObject({
      orderType: 'SELL',
      shares: '7',
    });

    const taxBudget = { year, maxNetGain: null, allowShortTermGains: false };
    const refused = await ann.call('POST', '/api/trackings/import/preview', body({ taxBudget }));
    expect(refused.status).toBe(200);
    const noShort = refused.body as ImportPreview;
    expect(noShort.unconstrainedRealisedNetGain).toBe('280');
    expect(options(noShort)).toEqual([
      ['0', '82.5', '0'],
      ['5000', '82.5', '0'],
      [null, '82.5', '0'],
    ]);
    // The preview's orders are the budget's: no AAA sold.
    expect(noShort.orders.filter((order) => order.orderType === 'SELL')).toEqual([]);
  });

  it('appends the tracking, its lots and the budget in one append; a retried key appends nothing', async () => {
    const taxBudget = { year, maxNetGain: '0', allowShortTermGains: true };
    const key = { 'idempotency-key': `import-budget-${ann.userId}` };
    const created = await ann.call('POST', '/api/trackings/import', body({ taxBudget }), key);
    expect(created.status).toBe(200);
    const { trackingId } = created.body as { trackingId: string };
    const events = await streamOf(trackingId);
    expect(events.map((event) => event.type)).toEqual([
      'TrackingCreated',
      'PositionsImported',
      'TaxBudgetSet',
    ]);
    // One command step of the request: one append.
    const steps = new Set(
      events.map((event) => `${event.metadata.commandKey}:${event.metadata.commandStep}`),
    );
    expect(steps.size).toBe(1);
    expect(events[2]?.data).toMatchObject({
      taxBudget: { year, maxNetGain: '0.00', allowShortTermGains: true },
      previous: null,
    });

    const retried = await ann.call('POST', '/api/trackings/import', body({ taxBudget }), key);
    expect(retried.status).toBe(200);
    expect((retried.body as { trackingId: string }).trackingId).toBe(trackingId);
    expect((await streamOf(trackingId)).map((event) => event.id)).toEqual(events.map((event) => event.id));

    const detail = await ann.detail(trackingId);
    expect(detail.taxBudget).toMatchObject({ year, maxNetGain: '0.00', allowShortTermGains: true });
    expect(detail.adjustmentOrders.filter((order) => order.orderType === 'SELL')).toEqual([]);
    expect(detail.targetReplicationRate).toBe('82.5');

    // The budget is in the history and its revert restores the orders without a budget: SELL 7 AAA.
    const history = (await ann.history(trackingId)).body as { content: HistoryEntry[] };
    const entry = history.content.find((candidate) => candidate.actionType === 'SET_TAX_BUDGET');
    expect(entry?.revertible).toBe(true);
    expect((await ann.revert(trackingId, entry?.id as string)).status).toBe(200);
    const reverted = await ann.detail(trackingId);
    expect(reverted.taxBudget).toBeUndefined();
    expect(reverted.adjustmentOrders.find((order) => order.symbol === 'AAA')).toMatchObject({
      orderType: 'SELL',
      shares: '7',
    });
  });

  it('refuses an invalid budget with 400 naming the field, appending nothing', async () => {
    const before = await footprint(ann);
    for (const [taxBudget, field] of [
      [{ year, maxNetGain: '-5', allowShortTermGains: true }, 'maxNetGain'],
      [{ year, maxNetGain: '1.234', allowShortTermGains: true }, 'maxNetGain'],
      [{ year: year - 1, maxNetGain: '10', allowShortTermGains: true }, 'year'],
      [{ year, maxNetGain: '10' }, 'taxBudget.allowShortTermGains'],
      [{ year, maxNetGain: '10', allowShortTermGains: true, extra: 1 }, 'extra'],
    ] as const) {
      for (const url of ['/api/trackings/import', '/api/trackings/import/preview']) {
        const response = await ann.call('POST', url, body({ taxBudget }));
        expect([url, field, response.status]).toEqual([url, field, 400]);
        expect((response.body as { message: string }).message).toContain(field);
      }
    }
    expect(await footprint(ann)).toEqual(before);
  });

  const BLEND = {
    type: 'blend',
    parts: [
      { symbol: 'VTI', weight: 70 },
      { symbol: 'QQQ', weight: 30 },
    ],
  };

  it('imports into a blend of ETFs (issue 30) with a budget: its orders are the blend’s, as previewed', async () => {
    const blendRows = [
      { symbol: 'AAPL', shares: '5', costBasis: '500', acquired: '2020-01-02' },
      { symbol: 'ZZZZ', shares: '1' },
    ];
    const taxBudget = { year, maxNetGain: '5000', allowShortTermGains: false };
    const request = { index: BLEND, targetInvestmentAmount: '20000', rows: blendRows, taxBudget };
    const previewed = await ann.call('POST', '/api/trackings/import/preview', request);
    expect(previewed.status).toBe(200);
    const preview = previewed.body as ImportPreview;
    expect(preview.indexLabel).toBe('70 % VTI + 30 % QQQ');
    expect(preview.recorded.map((row) => [row.symbol, row.shares])).toEqual([['AAPL', '5']]);
    expect(preview.ignored).toEqual([
      {
        line: null,
        symbol: 'ZZZZ',
        reason: 'kept outside the tracking: not a holding of 70 % VTI + 30 % QQQ',
      },
    ]);

    const imported = await ann.call('POST', '/api/trackings/import', request);
    expect(imported.status).toBe(200);
    const { trackingId } = imported.body as { trackingId: string };
    const events = await streamOf(trackingId);
    expect(events.map((event) => event.type)).toEqual([
      'TrackingCreated',
      'PositionsImported',
      'TaxBudgetSet',
    ]);
    expect((events[0]?.data as { index?: unknown } | undefined)?.index).toMatchObject({ type: 'blend' });
    const detail = await ann.detail(trackingId);
    expect(detail.currentReplication.investments.find((line) => line.symbol === 'AAPL')?.numberOfShares).toBe(
      '5',
    );
    // The budget's orders are derived against the blend (not its first ETF alone), like the preview's.
    expect(detail.taxBudget).toMatchObject({ maxNetGain: '5000.00', applies: true });
    const lines = (orders: typeof preview.orders) =>
      orders.map(({ symbol, orderType, shares }) => [symbol, orderType, shares]);
    expect(lines(detail.adjustmentOrders)).toEqual(lines(preview.orders));
    expect(preview.orders.length).toBeGreaterThan(0);
    const summary = (await ann.call('GET', '/api/trackings/trackings-summary')).body as {
      trackingId: string;
      etfName: string | null;
    }[];
    expect(summary.find((row) => row.trackingId === trackingId)?.etfName).toBe('70 % VTI + 30 % QQQ');
  });

  it('refuses a blend on Free (403 naming the plan) and a bad definition (400 naming it), appending nothing', async () => {
    const rowsOfAapl = [{ symbol: 'AAPL', shares: '1' }];
    const freeBefore = await footprint(free);
    for (const url of ['/api/trackings/import', '/api/trackings/import/preview']) {
      const refused = await free.call('POST', url, { index: BLEND, rows: rowsOfAapl });
      expect(refused.status).toBe(403);
      expect((refused.body as { message: string }).message).toContain('your plan is Free');
    }
    expect(await footprint(free)).toEqual(freeBefore);

    const before = await footprint(ann);
    const sum = await ann.call('POST', '/api/trackings/import', {
      index: {
        type: 'blend',
        parts: [
          { symbol: 'VTI', weight: 60 },
          { symbol: 'QQQ', weight: 30 },
        ],
      },
      rows: rowsOfAapl,
    });
    expect([sum.status, (sum.body as { message: string }).message]).toEqual([
      400,
      "The blend's weights add up to 90 %, not 100 %",
    ]);
    const row = await ann.call('POST', '/api/trackings/import', {
      index: { type: 'custom', holdings: [{ symbol: 'AAPL', weight: '1.23456' }] },
      rows: rowsOfAapl,
    });
    expect([row.status, (row.body as { message: string }).message]).toEqual([
      400,
      'Row 1 (AAPL): the weight may have at most 4 decimals',
    ]);
    expect((await ann.call('POST', '/api/trackings/import', { rows: rowsOfAapl })).status).toBe(400);
    expect(await footprint(ann)).toEqual(before);
  });
});

import { addDays } from '@etf-replicator/core';
import type { HistoryEntry } from '@etf-replicator/core/contracts/history';
import type {
  AccountRealizedGainsResponse,
  LotsResponse,
  RealizedGainsResponse,
  WashWindowsResponse,
} from '@etf-replicator/core/contracts/taxes';
import type { OrderAnswer } from '@etf-replicator/core/contracts/trackings';
import { FORM_8949_COLUMNS } from '@etf-replicator/core/tax/form-8949';
import { nyTradeDate } from '@etf-replicator/core/tax/trade-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../trackings/testing/tracking-test-client';

/** Trade dates are New York dates (issue 26). */
const today = nyTradeDate(new Date().toISOString());
const fourMonthsAgo = addDays(today, -120);
const year = Number(today.slice(0, 4));
const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describe.each(await testStores())("The investor's wash-sale ledger over HTTP on %s", (store) => {
  let app: TestApp;
  let stock: string;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    const probe = await trackingClient(app, { plan: 'PRO' });
    const target = (await probe.replicate('QQQ', '20000')).body as { investments: { symbol: string }[] };
    stock = target.investments.find((line) => !line.symbol.startsWith('GOOG'))?.symbol as string;
  }, 120_000);
  afterAll(() => app?.dispose());

  /** A tracking of QQQ holding 10 shares of `stock` bought four months ago for $5,000 (imported). */
  const importedTracking = async (client: TrackingClient) => {
    const created = await client.call('POST', '/api/trackings/import', {
      symbol: 'QQQ',
      targetInvestmentAmount: '20000',
      rows: [{ symbol: stock, shares: '10', costBasis: '5000', acquired: fourMonthsAgo }],
    });
    expect(created.status).toBe(200);
    return (created.body as { trackingId: string }).trackingId;
  };
  const order = (client: TrackingClient, trackingId: string, body: object) =>
    client.call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, body);

  it("the issue's example: sold at a loss, bought back → W row, adjusted basis and holding start", async () => {
    const ann = await trackingClient(app, { plan: 'PRO' });
    const trackingId = await importedTracking(ann);
    const sale = await order(ann, trackingId, {
      symbol: stock,
      orderType: 'SELL',
      shares: '10',
      price: '400',
    });
    expect([sale.status, (sale.body as OrderAnswer).warnings]).toEqual([200, []]);
    const buy = await order(ann, trackingId, { symbol: stock, orderType: 'BUY', shares: '10', price: '410' });
    expect(buy.status).toBe(200);
    // Loss 10 × (500 − 400) = 1,000; all 10 sold shares are replaced by the 10 bought: all of it is disallowed.
    expect((buy.body as OrderAnswer).warnings).toEqual([
      { code: 'WASH_SALE', symbol: stock, saleDate: today, disallowedLoss: '1000' },
    ]);

    const gains = (await ann.call('GET', `/api/trackings/${trackingId}/realized-gains?year=${year}`))
      .body as RealizedGainsResponse;
    // (d) 4,000 − (e) 5,000 + (g) 1,000 = (h) 0.
    expect(
      gains.lots.map((row) => [
        row.proceeds,
        row.costBasis,
        row.code,
        row.adjustment,
        row.gain,
        row.acquiredOn,
      ]),
    ).toEqual([['4000', '5000', 'W', '1000', '0', fourMonthsAgo]]);
    expect(gains.years[0]?.adjustment).toBe('1000');

    // The new lot: 10 × 410 = 4,100 + the carried 1,000 = 5,100; its holding period starts 120 days before today
    // (the sold shares' 120 days carried over), so it is the imported lot's date.
    const lots = (await ann.call('GET', `/api/trackings/${trackingId}/lots`)).body as LotsResponse;
    const lot = lots.holdings.find((holding) => holding.symbol === stock)?.lots[0];
    expect(lot).toMatchObject({
      shares: '10',
      costBasis: '5100',
      costPerShare: '510',
      adjustment: '1000',
      holdingStart: fourMonthsAgo,
      costKnown: true,
      dateKnown: true,
      washSales: [{ symbol: stock, soldOn: today, shares: '10', amount: '1000' }],
    });

    const history = (await ann.history(trackingId)).body as { content: HistoryEntry[] };
    const buyEntry = history.content.find((entry) => entry.details.orderType === 'BUY');
    expect(buyEntry?.details.washSale).toEqual({ saleDate: today, symbol: stock, disallowedLoss: '1000' });
    const saleEntry = history.content.find((entry) => entry.details.orderType === 'SELL');
    expect(saleEntry?.details.washSale).toBeUndefined();

    // The buy-back absorbed every loss share: the window has nothing left to protect, so it is not open.
    const windows = (await ann.call('GET', '/api/tax/windows')).body as WashWindowsResponse;
    expect(windows.windows).toEqual([]);

    // Reverting the buy-back gives the loss back: no W, and the window is open again.
    expect((await ann.revert(trackingId, buyEntry?.id as string)).status).toBe(200);
    const after = (await ann.call('GET', `/api/trackings/${trackingId}/realized-gains?year=${year}`))
      .body as RealizedGainsResponse;
    expect(after.lots.map((row) => [row.code, row.adjustment, row.gain])).toEqual([['', '0', '-1000']]);
    const reopened = (await ann.call('GET', '/api/tax/windows')).body as WashWindowsResponse;
    expect(reopened.windows).toMatchObject([
      { symbol: stock, soldOn: today, until: addDays(today, 30), trackingId, openLoss: '1000' },
    ]);
    const detail = await ann.detail(trackingId);
    expect(detail.adjustmentOrders.some((line) => line.symbol === stock && line.orderType === 'BUY')).toBe(
      false,
    );
    expect(detail.heldBackBuys?.find((held) => held.symbol === stock)?.until).toBe(addDays(today, 30));
  });

  it("a buy in another tracking disallows; the account report and CSV keep a deleted tracking's W row", async () => {
    const dee = await trackingClient(app, { plan: 'PRO' });
    const sold = await importedTracking(dee);
    expect(
      (await order(dee, sold, { symbol: stock, orderType: 'SELL', shares: '10', price: '400' })).status,
    ).toBe(200);
    const other = ((await dee.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const buy = await order(dee, other, { symbol: stock, orderType: 'BUY', shares: '4', price: '410' });
    // 4 of the 10 loss shares replaced: 1,000 × 4 / 10 = 400 disallowed, 600 stays deductible.
    expect((buy.body as OrderAnswer).warnings).toEqual([
      { code: 'WASH_SALE', symbol: stock, saleDate: today, disallowedLoss: '400' },
    ]);
    expect((await dee.call('DELETE', `/api/trackings/${sold}`)).status).toBe(204);

    const report = (await dee.call('GET', `/api/tax/realized-gains?year=${year}`))
      .body as AccountRealizedGainsResponse;
    expect(report.year).toBe(year);
    expect(
      report.rows.map((row) => [row.trackingId, row.code, row.adjustment, row.gain, row.trackingLabel]),
    ).toEqual([[sold, 'W', '400', '-600', expect.stringContaining('deleted')]]);
    // Part I, box A: (d) 4,000.00 − (e) 5,000.00 + (g) 400.00 = (h) −600.00.
    expect(report.parts).toEqual([
      {
        part: 'I',
        box: 'A',
        proceeds: '4000.00',
        costBasis: '5000.00',
        adjustment: '400.00',
        gain: '-600.00',
        count: 1,
      },
    ]);
    expect(report.totals).toMatchObject({ year, proceeds: '4000', adjustment: '400', total: '-600' });
    expect(report.years.map((totals) => totals.year)).toEqual([year]);
    // The replacement lot in the other tracking: 4 × 410 + 400 = 2,040.
    const lots = (await dee.call('GET', `/api/trackings/${other}/lots`)).body as LotsResponse;
    expect(lots.holdings.find((holding) => holding.symbol === stock)?.lots[0]?.costBasis).toBe('2040');
    // The window still protects the 6 unmatched shares: 600 of loss.
    const windows = (await dee.call('GET', '/api/tax/windows')).body as WashWindowsResponse;
    expect(windows.windows.map((w) => [w.symbol, w.unmatchedShares, w.openLoss, w.trackingId])).toEqual([
      [stock, '6', '600', sold],
    ]);

    const csv = await dee.raw(`/api/tax/report.csv?year=${year}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="form-8949-${year}.csv"`);
    expect(csv.body.split('\r\n')).toEqual([
      `Form 8949 ${year}`,
      FORM_8949_COLUMNS.join(','),
      'Part I - Short-term - Box A (basis reported to the IRS)',
      `10 sh ${stock},${mmddyyyy(fourMonthsAgo)},${mmddyyyy(today)},4000.00,5000.00,W,400.00,-600.00`,
      'Total,,,4000.00,5000.00,,400.00,-600.00',
      '',
    ]);
  });

  it('holds back BUY GOOG after harvesting GOOGL (share classes), in the detail and the order answers', async () => {
    const eve = await trackingClient(app, { plan: 'PRO' });
    const trackingId = ((await eve.create('QQQ', '20000')).body as { trackingId: string }).trackingId;
    const before = await eve.detail(trackingId);
    expect(before.adjustmentOrders.some((line) => line.symbol === 'GOOG' && line.orderType === 'BUY')).toBe(
      true,
    );
    const googl = before.prices.GOOGL as string;
    const lossy = { symbol: 'GOOGL', orderType: 'BUY', shares: '20', price: String(Number(googl) * 2) };
    expect((await order(eve, trackingId, lossy)).status).toBe(200);
    const candidates = (await eve.call('GET', `/api/trackings/${trackingId}/tax-loss-harvesting`)).body as {
      candidates: { symbol: string; replacements: { symbol: string }[] }[];
    };
    const googlCandidate = candidates.candidates.find((candidate) => candidate.symbol === 'GOOGL');
    expect(googlCandidate?.replacements.some((r) => r.symbol.startsWith('GOOG'))).toBe(false);
    const replacement = googlCandidate?.replacements[0]?.symbol as string;
    const harvest = await eve.call('POST', `/api/trackings/${trackingId}/harvest`, {
      symbol: 'GOOGL',
      replacement,
    });
    expect(harvest.status).toBe(200);

    const detail = await eve.detail(trackingId);
    expect(
      detail.adjustmentOrders.some((line) => line.symbol.startsWith('GOOG') && line.orderType === 'BUY'),
    ).toBe(false);
    expect(detail.heldBackBuys?.find((held) => held.symbol === 'GOOG')).toMatchObject({
      until: addDays(today, 30),
      reason: expect.stringContaining('GOOGL (a share class of GOOG)'),
    });
    // A manual BUY of GOOG is still recorded (the broker executed it) and says what it disallows.
    const manual = await order(eve, trackingId, { symbol: 'GOOG', orderType: 'BUY', shares: '1' });
    expect(manual.status).toBe(200);
    expect((manual.body as OrderAnswer).warnings).toMatchObject([
      { code: 'WASH_SALE', symbol: 'GOOGL', saleDate: today },
    ]);
  });

  it("shows only the caller's own account; refuses a malformed year (400) and anonymous calls (401)", async () => {
    const stranger = await trackingClient(app, { plan: 'PRO' });
    const report = (await stranger.call('GET', '/api/tax/realized-gains'))
      .body as AccountRealizedGainsResponse;
    expect([report.year, report.rows, report.parts, report.years]).toEqual([year, [], [], []]);
    expect(((await stranger.call('GET', '/api/tax/windows')).body as WashWindowsResponse).windows).toEqual(
      [],
    );
    expect((await stranger.raw(`/api/tax/report.csv?year=${year}`)).body).toBe(
      `Form 8949 ${year}\r\n${FORM_8949_COLUMNS.join(',')}\r\n`,
    );
    for (const query of ['?year=last', '?year=20261', '?year=1.5']) {
      const json = await stranger.call('GET', `/api/tax/realized-gains${query}`);
      expect([query, json.status, (json.body as { message: string }).message]).toEqual([
        query,
        400,
        expect.stringContaining('year'),
      ]);
      expect([query, (await stranger.raw(`/api/tax/report.csv${query}`)).statusCode]).toEqual([query, 400]);
    }
    for (const url of ['/api/tax/realized-gains', '/api/tax/report.csv', '/api/tax/windows'])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

import { dec } from '@etf-replicator/core';
import { BROKER_FIXTURES } from '@etf-replicator/core/broker-import/fixtures';
import type { ImportPreview } from '@etf-replicator/core/contracts/broker-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';
import { seedMarketForTrackings, type TrackingClient, trackingClient } from './testing/tracking-test-client';

type ImportedLot = {
  symbol: string;
  shares: string;
  costPerShare: string;
  costBasisGiven: boolean;
  acquiredAt: string;
  acquiredGiven: boolean;
};

/**
 * Issue 32 item 7: the broker files of today — Schwab's positions export (Asset Type, trailing commas, BRK/B, a cash
 * row) and the lot-level exports of Schwab and Fidelity — imported into a VOO tracking (VOO holds AAPL, MSFT, NVDA
 * and BRK.B; the files' QQQ row is not one of its holdings).
 */
describe.each(await testStores())('Import of broker files on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;

  const importFile = (url: string, csv: string, extra: Record<string, unknown> = {}) =>
    ann.call('POST', url, { symbol: 'VOO', csv, ...extra });
  const importedLots = async (trackingId: string) => {
    const events = await app.testEventStore.readStream(`tracking-${trackingId}`);
    const imported = events.find((event) => event.type === 'PositionsImported');
    if (!imported) throw new Error(`no PositionsImported on tracking-${trackingId}`);
    return (imported.data as { lots: ImportedLot[] }).lots.map((lot) => [
      lot.symbol,
      lot.shares,
      lot.costBasisGiven ? dec(lot.costPerShare).mul(lot.shares).toFixed(2) : null,
      lot.acquiredGiven ? lot.acquiredAt.slice(0, 10) : null,
    ]);
  };

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
  }, 120_000);
  afterAll(() => app?.dispose());

  it("previews Schwab's export of today: the cash row adds to the target, unknown basis and dates are said", async () => {
    const response = await importFile('/api/trackings/import/preview', BROKER_FIXTURES.schwabToday);
    expect(response.status).toBe(200);
    const preview = response.body as ImportPreview;
    expect(preview.source).toEqual({ id: 'schwab', name: 'Charles Schwab' });
    expect(preview.recorded.map((row) => [row.symbol, row.shares, row.basisKnown, row.dateKnown])).toEqual([
      ['AAPL', '1250', true, false],
      ['MSFT', '40.5', true, false],
      ['BRK.B', '30', false, false],
    ]);
    expect(preview.ignored.map((row) => [row.line, row.symbol, row.amount ?? null])).toEqual([
      [7, 'QQQ', null],
      [8, 'AAPL 04/19/2024 200.00 C', null],
      [9, '912797GK7', null],
      [10, 'CASH & CASH INVESTMENTS', '6400'],
      [11, 'POSITIONS TOTAL', null],
    ]);
    // Default target = positions' value + the file's $6,400.00 of cash, rounded up to the cent: the cash to invest
    // is the $6,400.00 plus at most the rounding (under a cent).
    expect([preview.cashAmount, preview.targetFrom]).toEqual(['6400.00', 'positionsAndCash']);
    const cash = dec(preview.targetInvestmentAmount).sub(preview.importedValue);
    expect(cash.gte('6400') && cash.lt('6400.01')).toBe(true);
    expect(preview.notes.join('\n')).toMatch(
      /1 of 3 lots have no cost basis in the file: cost basis unknown — valued at the snapshot price for replication only; tax reports will show it as unknown\./,
    );
    expect(preview.notes).toContain(
      'All 3 lots have no acquisition date in the file: acquisition date unknown — tax reports will show it as unknown.',
    );
    expect(preview.notes.join('\n')).toMatch(/no purchase dates.*lot details/);
  });

  it("imports Schwab's export: the file's cash reaches the tracking's cash to invest", async () => {
    const response = await importFile('/api/trackings/import', BROKER_FIXTURES.schwabToday);
    expect(response.status).toBe(200);
    const { trackingId, preview } = response.body as { trackingId: string; preview: ImportPreview };
    const detail = await ann.detail(trackingId);
    expect(detail.currentReplication.targetInvestmentAmount).toBe(preview.targetInvestmentAmount);
    const leftover = dec(detail.currentReplication.leftoverAmount);
    expect(leftover.gte('6400') && leftover.lt('6400.01')).toBe(true);
    expect(await importedLots(trackingId)).toEqual([
      ['AAPL', '1250', '187500.00', null],
      ['MSFT', '40.5', '12150.00', null],
      ['BRK.B', '30', null, null],
    ]);
  });

  it('an explicit target keeps working: the cash is not added, and an amount below the positions is refused', async () => {
    const preview = (await importFile('/api/trackings/import/preview', BROKER_FIXTURES.schwabToday))
      .body as ImportPreview;
    const above = dec(preview.importedValue).add('1000').toDecimalPlaces(2, 0).toFixed(2);
    const asked = await importFile('/api/trackings/import/preview', BROKER_FIXTURES.schwabToday, {
      targetInvestmentAmount: above,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      targetInvestmentAmount: above,
      targetFrom: 'request',
      cashAmount: '6400.00',
    });
    const below = dec(preview.importedValue).sub('1').toFixed(2);
    for (const url of ['/api/trackings/import/preview', '/api/trackings/import']) {
      const refused = await importFile(url, BROKER_FIXTURES.schwabToday, { targetInvestmentAmount: below });
      expect(refused.status).toBe(400);
      expect((refused.body as { message: string }).message).toMatch(
        /^targetInvestmentAmount: must be at least what the imported positions are worth, \$[\d,]+\.\d{2}$/,
      );
    }
  });

  it.each([
    [
      'schwabLots',
      [
        ['AAPL', '1000', '45200.00', '2019-03-14'],
        ['AAPL', '250', '57500.00', '2023-11-02'],
        ['BRK.B', '20', '5742.00', '2021-06-30'],
        ['BRK.B', '10', null, '2024-01-09'],
      ],
    ],
    [
      'fidelityLots',
      [
        ['NVDA', '10', '1140.00', '2022-06-07'],
        ['NVDA', '5', '2820.00', '2024-02-12'],
        ['AAPL', '50', '5445.00', '2020-08-03'],
        ['AAPL', '10', null, null],
      ],
    ],
  ] as const)('imports %s lot by lot, each with its own date and basis', async (name, expected) => {
    const file = BROKER_FIXTURES[name];
    const preview = (await importFile('/api/trackings/import/preview', file)).body as ImportPreview;
    expect(preview.recorded.map((row) => [row.symbol, row.shares, row.costBasis, row.acquired])).toEqual(
      expected,
    );
    expect(preview.notes.join('\n')).not.toMatch(/lot details|open lots/);
    const response = await importFile('/api/trackings/import', file);
    expect(response.status).toBe(200);
    expect(await importedLots((response.body as { trackingId: string }).trackingId)).toEqual(expected);
  });
});

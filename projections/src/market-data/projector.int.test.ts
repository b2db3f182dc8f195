import type { Position, RecordedEvent } from '@etf-replicator/core';
import type { EtfSnapshotPublished, SnapshotHolding } from '@etf-replicator/core/market-data/snapshot-event';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import {
  isServerAvailable,
  openPgliteTestDatabase,
  openServerTestDatabase,
  type TestDatabase,
} from '../testing';
import { getEtfFund, getEtfHoldings } from './fund-queries';
import { getLatestSnapshot } from './latest-snapshot';
import { etfMarketDataProjector } from './projector';
import { replaceSymbolAliases, replaceSymbolPrices, replaceSymbols } from './reference-data';
import { autocompleteEtfs, autocompleteSymbols, getSymbolQuote } from './symbol-queries';

const holding = (symbol: string, weight: string, price: string | null): SnapshotHolding => ({
  symbol,
  rawSymbol: symbol,
  name: `${symbol} Inc`,
  weightPercentage: weight,
  price,
  priceAsOf: price ? '2025-10-30' : null,
  priceSource: price ? 'test' : null,
  isAvailable: price !== null,
  sharesNumber: null,
  marketValue: null,
  cusip: null,
  isin: null,
  updated: '2025-11-19',
  sector: 'Information Technology',
});

const snapshot = (symbol: string, holdings: SnapshotHolding[], hash: string): EtfSnapshotPublished => ({
  symbol,
  source: { provider: 'bundled', reference: 'test' },
  fund: {
    name: `${symbol} Fund`,
    etfCompany: 'Test Co',
    brand: null,
    description: null,
    website: null,
    assetClass: 'Equity',
    domicile: 'US',
    expenseRatio: '0.03',
    inceptionDate: '2010-09-07',
    isin: null,
    indexTracked: null,
    structure: null,
    aum: '803941000000',
    sharesOutstanding: null,
  },
  holdingsAvailable: holdings.length > 0,
  holdingsNote: null,
  holdings,
  sectors: [{ industry: 'Information Technology', exposure: '12.5' }],
  sectorsSource: 'test',
  asOf: {
    facts: '2025-12-01',
    holdings: '2025-11-19',
    holdingsDateKind: 'retrieved',
    pricesFrom: null,
    pricesTo: null,
  },
  contentHash: `sha256:${hash.repeat(64).slice(0, 64)}`,
});

let eventNumber = 0;
const recorded = (data: unknown, streamRevision: number, symbol = 'TST'): RecordedEvent => {
  eventNumber += 1;
  return {
    id: `00000000-0000-8000-8000-${String(eventNumber).padStart(12, '0')}`,
    type: 'EtfSnapshotPublished',
    data,
    metadata: { schemaVersion: 1 },
    streamId: `etf-${symbol}`,
    streamRevision,
    globalPosition: String(eventNumber) as Position,
    recordedAt: new Date('2026-01-01T00:00:00Z'),
  };
};

const suite = (open: () => Promise<TestDatabase>) => {
  let test: TestDatabase;
  const project = (...events: RecordedEvent[]) =>
    test.db.pool.transaction(async (tx) => {
      for (const event of events) await etfMarketDataProjector.handle(tx, event);
    });
  const rowCount = (table: string) =>
    test.db.pool.oneFirst(
      sql.type(z.object({ n: z.number() }))`select count(*)::int as n from ${sql.identifier([table])}`,
    );

  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
    await test.db.pool.transaction(async (tx) => {
      await replaceSymbols(tx, [
        { symbol: 'AA', name: 'Alcoa Corporation Common Stock' },
        { symbol: 'AAL', name: 'American Airlines Group, Inc. - Common Stock' },
        { symbol: 'AAON', name: 'AAON, Inc. - Common Stock' },
        { symbol: 'AAPL', name: 'Apple Inc. - Common Stock' },
        { symbol: 'APLE', name: 'Apple Hospitality REIT, Inc. Common Shares' },
        { symbol: 'BRK.B', name: 'Berkshire Hathaway Inc. New Common Stock' },
        { symbol: 'TST', name: 'TST Fund' },
        { symbol: 'TS', name: 'Tenaris S.A. American Depositary Shares' },
        { symbol: 'TSTL', name: 'TSTL Fund' },
      ]);
      await replaceSymbolAliases(tx, new Map([['BRKB', 'BRK.B']]));
      await replaceSymbolPrices(tx, [
        { symbol: 'BRK.B', price: '478.52', asOf: '2025-10-30', source: 'screener' },
      ]);
    });
  });
  afterAll(() => test.dispose());

  it('expands the latest snapshot into the fund, its holdings (largest first) and the snapshot list', async () => {
    await project(
      recorded(
        snapshot(
          'TST',
          [
            holding('AAON', '0.5', '120.1'),
            holding('AAPL', '7.25', '271.40'),
            holding('ZZ', '0.000004', null),
          ],
          'a',
        ),
        0,
      ),
    );
    const fund = await getEtfFund(test.db.pool, 'TST');
    expect(fund).toMatchObject({
      name: 'TST Fund',
      expenseRatio: '0.03',
      holdingsCount: 3,
      pricedCount: 2,
      totalWeight: '7.750004',
      pricedWeight: '7.75',
      streamRevision: 0,
      sectors: [{ industry: 'Information Technology', exposure: '12.5' }],
    });
    expect(
      (await getEtfHoldings(test.db.pool, 'TST')).map((h) => [h.symbol, h.weightPercentage, h.price]),
    ).toEqual([
      ['AAPL', '7.25', '271.40'],
      ['AAON', '0.5', '120.1'],
      ['ZZ', '0.000004', null],
    ]);
    expect(await rowCount('etf_snapshots')).toBe(1);
  });

  it('is idempotent: the same event again changes nothing', async () => {
    const event = recorded(snapshot('IDEM', [holding('IDM1', '5', '1')], 'b'), 0, 'IDEM');
    await project(event);
    const before = await getEtfHoldings(test.db.pool, 'IDEM');
    await project(event);
    expect(await getEtfHoldings(test.db.pool, 'IDEM')).toEqual(before);
    expect(await rowCount('etf_snapshots')).toBe(2);
  });

  it('replaces the holdings with a newer revision and ignores an older one replayed late', async () => {
    const newer = recorded(snapshot('TST', [holding('AAPL', '7.5', '280')], 'c'), 1);
    const older = recorded(snapshot('TST', [holding('AAON', '9', '1')], 'd'), 0);
    await project(newer, older);
    const latest = await getLatestSnapshot(test.db.pool, 'tst');
    expect(latest).toMatchObject({ streamRevision: 1, asOf: '2025-11-19', asOfKind: 'retrieved' });
    expect(latest?.holdings).toEqual([
      {
        symbol: 'AAPL',
        name: 'AAPL Inc',
        weightPercentage: '7.5',
        price: '280',
        priceAsOf: '2025-10-30',
        isAvailable: true,
        // Issue 17: sector exclusions match it.
        sector: 'Information Technology',
      },
    ]);
  });

  it('skips a payload it cannot read instead of failing the batch', async () => {
    await expect(project(recorded({ symbol: 'BAD', holdings: 'nope' }, 0, 'BAD'))).resolves.toBeUndefined();
    expect(await getEtfFund(test.db.pool, 'BAD')).toBeNull();
  });

  describe('Autocomplete', () => {
    it('puts the exact symbol first, then symbol prefixes ranked by their largest ETF weight', async () => {
      const symbols = (await autocompleteSymbols(test.db.pool, 'aa')).map((s) => s.symbol);
      expect(symbols.slice(0, 2)).toEqual(['AA', 'AAPL']);
      expect(symbols).toContain('AAON');
    });

    it('finds a symbol by a word of its name and resolves aliases', async () => {
      expect((await autocompleteSymbols(test.db.pool, 'apple')).map((s) => s.symbol)).toEqual([
        'AAPL',
        'APLE',
      ]);
      expect((await autocompleteSymbols(test.db.pool, 'hathaway')).map((s) => s.symbol)).toEqual(['BRK.B']);
      expect((await autocompleteSymbols(test.db.pool, 'BRKB'))[0]).toEqual({
        symbol: 'BRK.B',
        name: 'Berkshire Hathaway Inc. New Common Stock',
        replicable: false,
        unavailableReason: 'Not an ETF we have data for',
      });
    });

    it('suggests the ETFs it can replicate first, then the rest with the reason they cannot be (issue 15)', async () => {
      await project(recorded(snapshot('TSTL', [], 'e'), 0, 'TSTL'));
      expect(await autocompleteSymbols(test.db.pool, 'ts')).toEqual([
        { symbol: 'TST', name: 'TST Fund', replicable: true, unavailableReason: null },
        {
          symbol: 'TS',
          name: 'Tenaris S.A. American Depositary Shares',
          replicable: false,
          unavailableReason: 'Not an ETF we have data for',
        },
        {
          symbol: 'TSTL',
          name: 'TSTL Fund',
          replicable: false,
          unavailableReason: 'No holdings list for this ETF in our market data yet',
        },
      ]);
    });

    it('treats LIKE wildcards literally and caps the list', async () => {
      expect(await autocompleteSymbols(test.db.pool, '%')).toEqual([]);
      expect(await autocompleteSymbols(test.db.pool, 'a', { limit: 2 })).toHaveLength(2);
    });

    it('suggests only ETFs with holdings in the demo', async () => {
      expect(await autocompleteEtfs(test.db.pool, 't')).toEqual(['TST']);
      expect(await autocompleteEtfs(test.db.pool, 'bad')).toEqual([]);
    });
  });

  describe('Quotes', () => {
    it('quotes the snapshot price, then the price table through aliases, and knows nothing of unknown symbols', async () => {
      expect(await getSymbolQuote(test.db.pool, 'aapl')).toMatchObject({
        symbol: 'AAPL',
        price: '280',
        priceAsOf: '2025-10-30',
      });
      expect(await getSymbolQuote(test.db.pool, 'BRKB')).toMatchObject({
        symbol: 'BRK.B',
        price: '478.52',
        priceSource: 'screener',
      });
      expect(await getSymbolQuote(test.db.pool, 'AAL')).toMatchObject({ price: null });
      expect(await getSymbolQuote(test.db.pool, 'NOPE')).toBeNull();
    });
  });
};

describe('etf-market-data projector on PGlite', () => suite(openPgliteTestDatabase));
describe.runIf(await isServerAvailable())('etf-market-data projector on PostgreSQL', () =>
  suite(openServerTestDatabase),
);

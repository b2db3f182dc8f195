import { parseTickerAliases } from '@etf-replicator/core';
import { etfSnapshotContentSchema } from '@etf-replicator/core/market-data/snapshot-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FixtureServer, startFmpFixtureServer } from '../testing/fmp-fixture-server';
import { createFmpClient, FmpError } from './fmp-client';
import { createFmpProvider } from './fmp-provider';

const API_KEY = 'test-key-123';
const aliases = parseTickerAliases('alias,canonical\nBRK-B,BRK.B\n');

describe('FMP adapter', () => {
  let server: FixtureServer;
  let sleeps: number[];

  const provider = (options: { maxAttempts?: number } = {}) =>
    createFmpProvider({
      client: createFmpClient({
        apiKey: API_KEY,
        baseUrl: server.baseUrl,
        baseDelayMs: 100,
        maxDelayMs: 2000,
        maxAttempts: options.maxAttempts ?? 4,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      }),
      aliases,
      sectors: new Map([['NVDA', { symbol: 'NVDA', sector: 'Information Technology', industry: null }]]),
      baseUrl: server.baseUrl,
      today: () => '2025-08-18',
    });

  const routeVoo = () => {
    server.route('/stable/etf/info?symbol=VOO', { fixture: 'etf-info.VOO.json' });
    server.route('/stable/etf/holdings?symbol=VOO', { fixture: 'etf-holdings.VOO.json' });
    server.route('/stable/batch-quote-short', { fixture: 'batch-quote-short.json' });
    server.route('/stable/search-symbol', { fixture: 'search-symbol.VOO.json' });
  };

  beforeAll(async () => {
    server = await startFmpFixtureServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    sleeps = [];
    server.requests.length = 0;
    routeVoo();
  });

  describe('When FMP answers as documented', () => {
    it('maps info, holdings and quotes to a valid snapshot with decimal strings', async () => {
      const content = await provider().fetchSnapshot('voo');
      expect(etfSnapshotContentSchema.safeParse(content).success).toBe(true);
      expect(content).toMatchObject({
        symbol: 'VOO',
        source: { provider: 'fmp' },
        fund: {
          name: 'Vanguard S&P 500 ETF',
          expenseRatio: '0.03',
          aum: '1367563210000',
          inceptionDate: '2010-09-07',
        },
        holdingsAvailable: true,
        asOf: {
          facts: '2025-08-17',
          holdings: '2025-08-16',
          holdingsDateKind: 'as-of',
          pricesTo: '2025-08-18',
        },
      });
      expect(content.holdings[0]).toEqual({
        symbol: 'NVDA',
        rawSymbol: 'NVDA',
        name: 'NVIDIA CORP',
        weightPercentage: '7.962',
        price: '180.45',
        priceAsOf: '2025-08-18',
        priceSource: 'fmp:batch-quote-short',
        isAvailable: true,
        sharesNumber: '287151382',
        marketValue: '52003112000.25',
        cusip: '67066G104',
        isin: 'US67066G1040',
        updated: '2025-08-16',
        sector: 'Information Technology',
      });
    });

    it('normalises dashed share classes and keeps the raw ticker', async () => {
      const { holdings } = await provider().fetchSnapshot('VOO');
      expect(holdings.find((h) => h.rawSymbol === 'BRK-B')).toMatchObject({
        symbol: 'BRK.B',
        price: '475.8',
      });
    });

    it('derives a missing quote from value / shares, keeps an unpriceable holding unavailable, notes the cash line', async () => {
      const content = await provider().fetchSnapshot('VOO');
      expect(content.holdings.map((h) => h.symbol)).toEqual([
        'NVDA',
        'MSFT',
        'AAPL',
        'BRK.B',
        'XYZQ',
        'ZZUN',
      ]);
      expect(content.holdings[4]).toMatchObject({
        price: '76.543211',
        priceSource: 'fmp:derived (marketValue / sharesNumber)',
      });
      expect(content.holdings[5]).toMatchObject({ price: null, isAvailable: false });
      expect(content.holdingsNote).toContain('1 FMP rows without a ticker');
    });

    it('sorts sectors by exposure and sends the key as the apikey parameter', async () => {
      const content = await provider().fetchSnapshot('VOO');
      expect(content.sectors.map((s) => s.exposure)).toEqual(['35.4', '13.26', '8.8', '1.63']);
      expect(server.requests.every((request) => request.query.apikey === API_KEY)).toBe(true);
      expect(server.requests.find((r) => r.path === '/stable/batch-quote-short')?.query.symbols).toBe(
        'NVDA,MSFT,AAPL,BRK-B,XYZQ,ZZUN',
      );
    });

    it('maps symbol search results', async () => {
      expect(await provider().searchSymbols('VOO')).toEqual([
        { symbol: 'VOO', name: 'Vanguard S&P 500 ETF' },
      ]);
    });
  });

  describe('When FMP refuses or fails', () => {
    it('fails at once on 401 with a message that names the call, not the key', async () => {
      server.route('/stable/etf/info?symbol=VOO', { status: 401, fixture: 'error-401.json' });
      const error = await provider()
        .fetchSnapshot('VOO')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FmpError);
      expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
      expect((error as Error).message).toMatch(
        /\/stable\/etf\/info\?symbol=VOO.*Invalid API KEY.*FMP_API_KEY/,
      );
      expect((error as Error).message).not.toContain(API_KEY);
      expect(server.requests).toHaveLength(1);
    });

    it('retries 429 with exponential backoff, honouring Retry-After, then succeeds', async () => {
      server.route(
        '/stable/etf/holdings?symbol=VOO',
        { status: 429, fixture: 'error-429.json' },
        { status: 429, fixture: 'error-429.json', headers: { 'retry-after': '1' } },
        { fixture: 'etf-holdings.VOO.json' },
      );
      const content = await provider().fetchSnapshot('VOO');
      expect(content.holdings).toHaveLength(6);
      expect(sleeps).toEqual([100, 1000]);
      expect(server.requests.filter((r) => r.path === '/stable/etf/holdings')).toHaveLength(3);
    });

    it('gives up on a 429 that does not clear, naming the limit', async () => {
      server.route('/stable/etf/holdings?symbol=VOO', { status: 429, fixture: 'error-429.json' });
      const error = await provider({ maxAttempts: 3 })
        .fetchSnapshot('VOO')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'rate-limited', status: 429 });
      expect((error as Error).message).toMatch(/still failed after 3 attempts \(HTTP 429: Limit Reach/);
      expect(sleeps).toEqual([100, 200]);
    });

    it('rejects a body that is not the documented shape, naming the field', async () => {
      server.route('/stable/etf/holdings?symbol=VOO', { fixture: 'etf-holdings.malformed.json' });
      await expect(provider().fetchSnapshot('VOO')).rejects.toThrow(
        /\/stable\/etf\/holdings\?symbol=VOO returned an unexpected body: 0\.weightPercentage/,
      );
    });

    it('rejects a body that is not JSON', async () => {
      server.route('/stable/etf/info?symbol=VOO', { body: '<html>Bad gateway</html>' });
      await expect(provider().fetchSnapshot('VOO')).rejects.toMatchObject({ kind: 'malformed' });
    });
  });
});

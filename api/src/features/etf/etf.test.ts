import { numberOfWeightingsCap } from '@etf-replicator/core';
import { getEtfWeights } from '@etf-replicator/projections/market-data/index';
import { isServerAvailable } from '@etf-replicator/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledMarketData } from '../../market-data/testing/seed-market-data';
import { createTestApp, type TestApp, type TestStoreKind } from '../../testing/test-app';

const suite = (store: TestStoreKind) => {
  let app: TestApp;
  const token = (plan?: string, role = 'ROLE_USER') =>
    app.signAccessToken({
      sub: 'investor@example.com',
      userId: 'user-1',
      ...(plan ? { plan } : {}),
      roles: [{ authority: role }],
    });
  const get = (url: string, bearer: string | null = token()) =>
    app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedBundledMarketData(app);
  });
  afterAll(() => app.dispose());

  it('requires a session on every /api/etf call', async () => {
    for (const url of [
      '/api/etf/etf-recommended-list',
      '/api/etf/etf-info?etfSymbol=VOO',
      '/api/etf/etf-holdings?etfSymbol=VOO',
    ]) {
      const response = await get(url, null);
      expect(response.statusCode, url).toBe(401);
    }
  });

  describe('GET /api/etf/etf-recommended-list', () => {
    it("lists spec 2 §9's ETFs in order, with names, when no symbols are given", async () => {
      const response = await get('/api/etf/etf-recommended-list');
      expect(response.statusCode).toBe(200);
      expect(response.json().map((etf: { symbol: string }) => etf.symbol)).toEqual([
        'VOO',
        'SPY',
        'LEAD',
        'QQQ',
        'IVV',
        'VTI',
        'IWM',
        'DIA',
        'MTUM',
        'VUG',
        'QUAL',
      ]);
      expect(response.json()[0]).toEqual({
        symbol: 'VOO',
        name: 'Vanguard S&P 500 ETF',
        replicable: true,
        unavailableReason: null,
      });
      // Issue 32: LEAD has no current holdings list in the bundle, so it cannot be replicated, and the list says why.
      expect(response.json()[2]).toEqual({
        symbol: 'LEAD',
        name: expect.stringMatching(/Siren/),
        replicable: false,
        unavailableReason: 'No holdings list for this ETF in our market data yet',
      });
      expect(
        response
          .json()
          .filter((etf: { replicable: boolean }) => !etf.replicable)
          .map((etf: { symbol: string }) => etf.symbol),
      ).toEqual(['LEAD']);
    });

    it('answers the comma-separated symbols asked for, in that order', async () => {
      const response = await get('/api/etf/etf-recommended-list?etfSymbol=qqq, VOO,QQQ');
      expect(response.json()).toEqual([
        { symbol: 'QQQ', name: 'Invesco QQQ Trust, Series 1', replicable: true, unavailableReason: null },
        { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', replicable: true, unavailableReason: null },
      ]);
    });

    it('names unknown symbols with a 404 and rejects malformed ones with a 400', async () => {
      const unknown = await get('/api/etf/etf-recommended-list?etfSymbol=VOO,NOPE,ZZZ');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Unknown ETF symbols: NOPE, ZZZ' });
      const bad = await get('/api/etf/etf-recommended-list?etfSymbol=VOO,%25x');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^Invalid etfSymbol/);
    });
  });

  describe('GET /api/etf/etf-info', () => {
    it('answers the fund facts with sectors largest first and the as-of dates', async () => {
      const response = await get('/api/etf/etf-info?etfSymbol=voo');
      expect(response.statusCode).toBe(200);
      const info = response.json();
      expect(info).toMatchObject({
        symbol: 'VOO',
        name: 'Vanguard S&P 500 ETF',
        etfCompany: 'Vanguard',
        assetClass: 'Equity',
        domicile: 'US',
        expenseRatio: 0.03,
        inceptionDate: '2010-09-07',
        isin: null,
        holdingsCount: 503,
        holdingsAvailable: true,
        asOf: {
          facts: '2025-12-01',
          holdings: '2025-11-19',
          holdingsDateKind: 'retrieved',
          pricesFrom: '2025-10-30',
        },
      });
      const exposures = info.sectorsList.map((s: { exposure: number }) => s.exposure);
      expect(exposures.every((e: unknown) => typeof e === 'number')).toBe(true);
      expect(exposures).toEqual([...exposures].sort((a: number, b: number) => b - a));
      expect(info.sectorsList[0].industry).toBe('Information Technology');
    });

    it('answers LEAD with its facts and holdings flagged unavailable, not as an empty fund', async () => {
      const info = (await get('/api/etf/etf-info?etfSymbol=LEAD')).json();
      expect(info).toMatchObject({
        symbol: 'LEAD',
        name: 'Siren DIVCON Leaders Dividend ETF',
        holdingsAvailable: false,
        holdingsCount: null,
        sectorsList: [],
      });
      expect(info.holdingsNote).toMatch(/^Holdings unavailable/);
    });

    it('answers an unknown symbol with 404 and a missing one with 400', async () => {
      const unknown = await get('/api/etf/etf-info?etfSymbol=NOPE');
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Unknown ETF symbol: NOPE' }]);
      const missing = await get('/api/etf/etf-info');
      expect([missing.statusCode, missing.json()]).toEqual([
        400,
        { message: 'Invalid etfSymbol: is required' },
      ]);
    });
  });

  describe('GET /api/etf/etf-holdings', () => {
    const holdings = async (bearer: string, symbol = 'VOO') => {
      const response = await get(`/api/etf/etf-holdings?etfSymbol=${symbol}`, bearer);
      expect(response.statusCode).toBe(200);
      return { rows: response.json(), total: response.headers['x-total-count'] };
    };

    it('sends a free user the 5 largest holdings only, and says how many exist', async () => {
      const { rows, total } = await holdings(token());
      expect(rows.map((h: { asset: string }) => h.asset)).toEqual(['NVDA', 'AAPL', 'MSFT', 'AMZN', 'AVGO']);
      expect(total).toBe('503');
      expect(rows[0]).toEqual({
        asset: 'NVDA',
        name: 'NVIDIA Corp.',
        isin: null,
        cusip: null,
        sharesNumber: null,
        weightPercentage: '8.46',
        price: '202.89',
        marketValue: null,
        updated: '2025-11-19',
        isAvailable: true,
        sector: 'Information Technology',
      });
    });

    it('answers the bundled daily closes, oldest first, from a date', async () => {
      const response = await get('/api/etf/etf-price-history?etfSymbol=VOO&from=2026-07-01');
      expect(response.statusCode).toBe(200);
      const points = response.json() as { date: string; close: string }[];
      expect(points.length).toBeGreaterThan(5);
      expect((points[0]?.date ?? '') >= '2026-07-01').toBe(true);
      expect(points.map((p) => p.date)).toEqual([...points.map((p) => p.date)].sort());
      expect(Number(points.at(-1)?.close)).toBeGreaterThan(0);
      expect((await get('/api/etf/etf-price-history?etfSymbol=VOO&from=July')).statusCode).toBe(400);
      expect((await get('/api/etf/etf-price-history?etfSymbol=NOPE')).statusCode).toBe(404);
    });

    it('treats an unknown plan claim as Free', async () => {
      expect((await holdings(token('PLATINUM'))).rows).toHaveLength(5);
    });

    it('sends STARTER and GROWTH users the holdings up to their coverage cap', async () => {
      const weights = await getEtfWeights(app.testDb.pool, 'VOO');
      const starter = (await holdings(token('STARTER'))).rows;
      const growth = (await holdings(token('GROWTH'))).rows;
      expect(starter).toHaveLength(numberOfWeightingsCap('STARTER', weights));
      expect(growth).toHaveLength(numberOfWeightingsCap('GROWTH', weights));
      expect(growth.length).toBeGreaterThan(starter.length);
      expect(growth.length).toBeLessThan(503);
    });

    it('sends GOLD, PRO and administrators everything, largest weight first', async () => {
      for (const bearer of [token('GOLD'), token('PRO'), token(undefined, 'ROLE_ADMIN')]) {
        const { rows } = await holdings(bearer);
        expect(rows).toHaveLength(503);
        const weights = rows.map((h: { weightPercentage: string }) => Number(h.weightPercentage));
        expect(weights).toEqual([...weights].sort((a, b) => b - a));
      }
    });

    it('keeps unpriced holdings in the list, marked unavailable, with decimal strings throughout', async () => {
      const { rows } = await holdings(token('GOLD'), 'SPY');
      expect(rows).toHaveLength(504);
      expect(rows.find((h: { asset: string }) => h.asset === '2602335D')).toMatchObject({
        price: null,
        isAvailable: false,
        weightPercentage: '0.000004',
      });
      for (const row of rows) {
        expect(typeof row.weightPercentage).toBe('string');
        if (row.price !== null) expect(typeof row.price).toBe('string');
      }
    });

    it('answers LEAD with 404 "holdings unavailable" rather than an empty list', async () => {
      const response = await get('/api/etf/etf-holdings?etfSymbol=LEAD', token('GOLD'));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(
        'Holdings of LEAD are unavailable: the market data snapshot has no current holdings list for this ETF.',
      );
      expect((await get('/api/etf/etf-holdings?etfSymbol=NOPE')).json()).toEqual({
        message: 'Unknown ETF symbol: NOPE',
      });
    });
  });
};

describe('/api/etf on PGlite', () => suite('pglite'));
describe.runIf(await isServerAvailable())('/api/etf on PostgreSQL', () => suite('postgres'));

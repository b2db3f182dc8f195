import { isServerAvailable } from '@etf-replicator/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledMarketData } from '../../market-data/testing/seed-market-data';
import { createTestApp, type TestApp, type TestStoreKind } from '../../testing/test-app';

const suite = (store: TestStoreKind) => {
  let app: TestApp;
  let client = 0;
  /** Each test calls from its own address, so the demo's per-IP limit is only hit where a test means it. */
  const get = (url: string, ip = `10.0.${store === 'pglite' ? 1 : 2}.${client}`) =>
    app.inject({ method: 'GET', url, remoteAddress: ip });

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedBundledMarketData(app);
  });
  afterAll(() => app.dispose());

  it('serves real holdings of VOO, QQQ and IVV signed out: the 3 largest, largest first', async () => {
    client += 1;
    const top3 = async (symbol: string) => {
      const response = await get(`/api/details/etf-holdings-free?etfSymbol=${symbol}`);
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .map((h: { asset: string; weightPercentage: string }) => [h.asset, h.weightPercentage]);
    };
    expect(await top3('VOO')).toEqual([
      ['NVDA', '8.46'],
      ['AAPL', '6.87'],
      ['MSFT', '6.59'],
    ]);
    expect(await top3('qqq')).toEqual([
      ['NVDA', '9.507'],
      ['MSFT', '8.347'],
      ['AAPL', '8.324'],
    ]);
    expect(await top3('IVV')).toEqual([
      ['NVDA', '7.82'],
      ['AAPL', '7.02'],
      ['MSFT', '6.49'],
    ]);
  });

  it('serves ETF info with the 3 largest sectors, exposure as numeric strings', async () => {
    client += 1;
    const info = (await get('/api/details/etf-info-free?etfSymbol=IVV')).json();
    expect(info).toMatchObject({
      symbol: 'IVV',
      name: 'iShares Core S&P 500 ETF',
      expenseRatio: 0.03,
      holdingsCount: 503,
    });
    expect(info.sectorsList).toEqual([
      { industry: 'Information Technology', exposure: '34.78' },
      { industry: 'Financials', exposure: '13.01' },
      { industry: 'Communication Services', exposure: '10.26' },
    ]);
  });

  it('suggests only ETFs the demo can analyse, symbols only', async () => {
    client += 1;
    expect((await get('/api/details/autocomplete-free?query=v')).json()).toEqual([
      { symbol: 'VOO' },
      { symbol: 'VTI' },
      { symbol: 'VUG' },
    ]);
    expect((await get('/api/details/autocomplete-free?query=lead')).json()).toEqual([]);
    expect((await get('/api/details/autocomplete-free?query=')).statusCode).toBe(400);
  });

  it('answers LEAD with its facts and a holdings-unavailable 404, unknown symbols with 404', async () => {
    client += 1;
    expect((await get('/api/details/etf-info-free?etfSymbol=LEAD')).json()).toMatchObject({
      holdingsAvailable: false,
      holdingsCount: null,
    });
    const holdings = await get('/api/details/etf-holdings-free?etfSymbol=LEAD');
    expect(holdings.statusCode).toBe(404);
    expect(holdings.json().message).toMatch(/^Holdings of LEAD are unavailable/);
    expect((await get('/api/details/etf-info-free?etfSymbol=NOPE')).statusCode).toBe(404);
    expect((await get('/api/details/etf-info-free?etfSymbol=')).statusCode).toBe(400);
  });

  it('rate-limits each client address with a clear 429, leaving other clients and routes alone', async () => {
    client += 1;
    const url = '/api/details/etf-holdings-free?etfSymbol=VOO';
    for (let i = 0; i < 60; i++) expect((await get(url)).statusCode).toBe(200);
    const limited = await get(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many demo requests\. Please try again in /);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await get(url, '10.9.9.9')).statusCode).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
  });
};

describe('/api/details demo on PGlite', () => suite('pglite'));
describe.runIf(await isServerAvailable())('/api/details demo on PostgreSQL', () => suite('postgres'));

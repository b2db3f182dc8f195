import { marketDataMessages } from '@etf-replicator/core/contracts/market-data';
import { isServerAvailable } from '@etf-replicator/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBundledMarketData } from '../../market-data/testing/seed-market-data';
import { createTestApp, type TestApp, type TestStoreKind } from '../../testing/test-app';

const suite = (store: TestStoreKind) => {
  let app: TestApp;
  let bearer: string;
  const get = (url: string, signedIn = true) =>
    app.inject({ method: 'GET', url, headers: signedIn ? { authorization: `Bearer ${bearer}` } : {} });
  const symbols = async (query: string) =>
    (await get(`/api/stock/autocomplete?query=${encodeURIComponent(query)}`))
      .json()
      .map((s: { symbol: string }) => s.symbol);

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedBundledMarketData(app);
    bearer = app.signAccessToken({
      sub: 'admin@example.com',
      userId: 'admin-1',
      roles: [{ authority: 'ROLE_ADMIN' }],
    });
  });
  afterAll(() => app.dispose());

  it('requires a session', async () => {
    expect((await get('/api/stock/autocomplete?query=AA', false)).statusCode).toBe(401);
    expect((await get('/api/stock/AAPL', false)).statusCode).toBe(401);
  });

  describe('GET /api/stock/autocomplete', () => {
    it('answers AA with AA itself, then AAPL, as symbol and name, at most 10, with the database time', async () => {
      const response = await get('/api/stock/autocomplete?query=AA');
      expect(response.statusCode).toBe(200);
      const suggestions = response.json();
      const notAnEtf = { replicable: false, unavailableReason: marketDataMessages.notAnEtf };
      expect(suggestions.slice(0, 2)).toEqual([
        { symbol: 'AA', name: 'Alcoa Corporation Common Stock', ...notAnEtf },
        { symbol: 'AAPL', name: 'Apple Inc. - Common Stock', ...notAnEtf },
      ]);
      expect(suggestions).toHaveLength(10);
      expect(response.headers['server-timing']).toMatch(/^db;dur=\d+(\.\d+)?$/);
    });

    it('matches names and words of names, heavyweights first', async () => {
      expect((await symbols('apple'))[0]).toBe('AAPL');
      expect((await symbols('micro'))[0]).toBe('MSFT');
      expect(await symbols('berkshire hath')).toEqual(['BRK.B', 'BRK.A']);
    });

    it('puts the ETFs it can replicate first and resolves share-class aliases', async () => {
      expect((await symbols('v')).slice(0, 4)).toEqual(['VOO', 'VTI', 'VUG', 'V']);
      expect((await symbols('brk-b'))[0]).toBe('BRK.B');
      expect((await symbols('BRKB'))[0]).toBe('BRK.B');
    });

    it('says why a symbol cannot be replicated: not an ETF we have data for, or no holdings list (issue 15)', async () => {
      const first = async (query: string) => (await get(`/api/stock/autocomplete?query=${query}`)).json()[0];
      expect(await first('VOO')).toEqual({
        symbol: 'VOO',
        name: expect.stringMatching(/Vanguard/),
        replicable: true,
        unavailableReason: null,
      });
      expect(await first('QQA')).toMatchObject({
        symbol: 'QQA',
        replicable: false,
        unavailableReason: marketDataMessages.notAnEtf,
      });
      expect(await first('LEAD')).toMatchObject({
        symbol: 'LEAD',
        replicable: false,
        unavailableReason: marketDataMessages.noHoldingsList,
      });
    });

    it('rejects an empty, overlong or wildcard query with a 400 naming the field', async () => {
      for (const query of ['', '%25', 'x'.repeat(51)]) {
        const response = await get(`/api/stock/autocomplete?query=${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message).toMatch(/^Invalid query: /);
      }
      expect((await get('/api/stock/autocomplete')).statusCode).toBe(400);
    });
  });

  describe('GET /api/stock/{symbol}', () => {
    it('quotes a stock at the price the ETF snapshots use', async () => {
      const response = await get('/api/stock/AAPL');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        symbol: 'AAPL',
        name: 'Apple Inc. - Common Stock',
        price: '271.40',
        priceAsOf: '2025-10-30',
      });
    });

    it('resolves aliases and quotes an ETF at its last daily close', async () => {
      expect((await get('/api/stock/brk-b')).json()).toMatchObject({ symbol: 'BRK.B', price: '478.52' });
      expect((await get('/api/stock/VOO')).json()).toMatchObject({
        symbol: 'VOO',
        priceAsOf: '2026-07-13',
        priceSource: 'daily-close (adjusted)',
      });
    });

    it('answers an unknown symbol with 404 and a malformed one with 400', async () => {
      expect((await get('/api/stock/ZZZZZZ')).json()).toEqual({ message: 'Unknown symbol: ZZZZZZ' });
      expect((await get('/api/stock/ZZZZZZ')).statusCode).toBe(404);
      expect((await get('/api/stock/%24%24')).statusCode).toBe(400);
    });
  });
};

describe('/api/stock on PGlite', () => suite('pglite'));
describe.runIf(await isServerAvailable())('/api/stock on PostgreSQL', () => suite('postgres'));

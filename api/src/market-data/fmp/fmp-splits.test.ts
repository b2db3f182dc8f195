import { parseTickerAliases } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFmpFixtureServer } from '../testing/fmp-fixture-server';
import { createFmpClient } from './fmp-client';
import { fetchFmpSplits } from './fmp-splits';

const aliases = parseTickerAliases('alias,canonical\nBRK-B,BRK.B\n');

describe("FMP's split data as corporate actions", () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFmpFixtureServer();
  });
  afterAll(() => server.close());

  it('reads forward and reverse splits since a date through the local stand-in', async () => {
    server.route('/stable/splits?symbol=NFLX', {
      body: JSON.stringify([
        { symbol: 'NFLX', date: '2025-11-17', numerator: 10, denominator: 1 },
        { symbol: 'NFLX', date: '2015-07-15', numerator: 7, denominator: 1 },
      ]),
    });
    server.route('/stable/splits?symbol=XYZ', {
      body: JSON.stringify([
        { symbol: 'XYZ', date: '2026-04-01', numerator: 1, denominator: 10 },
        { symbol: 'XYZ', date: '2026-02-01', numerator: 3, denominator: 2 },
        { symbol: 'XYZ', date: '2026-01-02', numerator: 1, denominator: 1 },
      ]),
    });
    const client = createFmpClient({ apiKey: 'k', baseUrl: server.baseUrl, maxAttempts: 1 });
    const nflx = await fetchFmpSplits(client, 'nflx', { aliases, since: '2020-01-01' });
    expect(nflx).toEqual([
      expect.objectContaining({ type: 'SPLIT', symbol: 'NFLX', ratio: '10', effectiveOn: '2025-11-17' }),
    ]);
    const xyz = await fetchFmpSplits(client, 'XYZ', { aliases, since: '2020-01-01' });
    // 1 for 10 = 0.1; 3 for 2 = 1.5; 1 for 1 is no split and is left out.
    expect(xyz.map((terms) => [terms.ratio, terms.effectiveOn])).toEqual([
      ['0.1', '2026-04-01'],
      ['1.5', '2026-02-01'],
    ]);
    expect(server.requests.at(-1)).toMatchObject({
      path: '/stable/splits',
      query: { symbol: 'XYZ', apikey: 'k' },
    });
  });
});

import { etfSnapshotContentSchema } from '@etf-replicator/core/market-data/snapshot-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotContentHash } from '../content-hash';
import { createBundledProvider } from './bundled-provider';

/** Against the real bundled files in data/etf. */
describe('Bundled market-data provider', () => {
  const provider = createBundledProvider();
  let symbols: string[];
  beforeAll(() => {
    symbols = provider.listSymbols();
  });

  it('offers every fund in funds.json, the recommended eleven', () => {
    expect([...symbols].sort()).toEqual([
      'DIA',
      'IVV',
      'IWM',
      'LEAD',
      'MTUM',
      'QQQ',
      'QUAL',
      'SPY',
      'VOO',
      'VTI',
      'VUG',
    ]);
  });

  it('builds a valid snapshot for each, with a stable content hash', async () => {
    for (const symbol of symbols) {
      const content = await provider.fetchSnapshot(symbol);
      expect(etfSnapshotContentSchema.safeParse(content).success, symbol).toBe(true);
      expect(snapshotContentHash(await provider.fetchSnapshot(symbol))).toBe(snapshotContentHash(content));
    }
  });

  it('joins every VOO holding to a price of the 2025-10-30 close', async () => {
    const voo = await provider.fetchSnapshot('VOO');
    expect(voo.holdings).toHaveLength(503);
    expect(voo.holdings.every((h) => h.isAvailable && h.priceAsOf === '2025-10-30')).toBe(true);
    expect(voo.asOf).toMatchObject({
      holdings: '2025-11-19',
      holdingsDateKind: 'retrieved',
      facts: '2025-12-01',
    });
    expect(voo.sectorsSource).toContain('sectors.csv');
    expect(voo.sectors[0]?.industry).toBe('Information Technology');
  });

  it('normalises iShares and FMP share-class tickers and keeps the raw one', async () => {
    const ivv = await provider.fetchSnapshot('IVV');
    const vti = await provider.fetchSnapshot('VTI');
    expect(ivv.holdings.find((h) => h.rawSymbol === 'BRKB')).toMatchObject({
      symbol: 'BRK.B',
      isAvailable: true,
    });
    expect(vti.holdings.find((h) => h.rawSymbol === 'BRK-B')).toMatchObject({
      symbol: 'BRK.B',
      isAvailable: true,
    });
  });

  it('keeps holdings without a price, marked unavailable', async () => {
    const spy = await provider.fetchSnapshot('SPY');
    expect(spy.holdings).toHaveLength(504);
    expect(spy.holdings.find((h) => h.symbol === '2602335D')).toMatchObject({
      price: null,
      isAvailable: false,
    });
    expect(spy.asOf).toMatchObject({ holdings: '2026-04-10', holdingsDateKind: 'as-of' });
  });

  it('marks DIA as derived from the index rule', async () => {
    const dia = await provider.fetchSnapshot('DIA');
    expect(dia.holdings).toHaveLength(30);
    expect(dia.asOf).toMatchObject({ holdings: '2025-10-30', holdingsDateKind: 'derived' });
    expect(dia.holdingsNote).toMatch(/price-weighted/);
  });

  it('publishes LEAD with its facts and holdings explicitly unavailable (the 2022 list is not used)', async () => {
    const lead = await provider.fetchSnapshot('LEAD');
    expect(lead).toMatchObject({
      holdingsAvailable: false,
      holdings: [],
      fund: { name: 'Siren DIVCON Leaders Dividend ETF' },
    });
    expect(lead.holdingsNote).toMatch(/^Holdings unavailable/);
  });

  it('refuses a symbol it has no facts for', async () => {
    await expect(provider.fetchSnapshot('NOPE')).rejects.toThrow(
      'The bundled snapshot has no fund facts for NOPE',
    );
  });
});

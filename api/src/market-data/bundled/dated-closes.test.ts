import type { PriceRow } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { loadBundledFiles } from './bundled-files';
import { createBundledProvider } from './bundled-provider';
import { closesAsOf, collectBundledCloses, countDatedPrices, isoDateSchema } from './dated-closes';

const row = (asOf: string, price: string, source = 'prices'): PriceRow => ({
  symbol: 'X',
  price,
  asOf,
  source,
});

describe('Dated closes from the bundle', () => {
  it('picks the close of the date, else the nearest earlier one, else none', () => {
    const closes = new Map([
      [
        'X',
        [
          row('2025-09-26', '1'),
          row('2025-10-30', '2'),
          row('2025-10-30', '9', 'holdings-IVV'),
          row('2025-11-18', '3'),
        ],
      ],
      ['Y', [{ ...row('2026-05-05', '5'), symbol: 'Y' }]],
    ]);
    expect(closesAsOf(closes, '2025-10-30').get('X')).toMatchObject({ price: '2', source: 'prices' });
    expect(closesAsOf(closes, '2025-11-17').get('X')?.price).toBe('2');
    expect(closesAsOf(closes, '2025-11-18').get('X')?.price).toBe('3');
    expect(closesAsOf(closes, '2030-01-01').get('X')?.price).toBe('3');
    expect(closesAsOf(closes, '2025-09-25').has('X')).toBe(false);
    expect(closesAsOf(closes, '2025-11-18').has('Y')).toBe(false);
  });

  it('knows the issuers’ own closes of IVV, QQQ and IWM besides prices.csv', () => {
    const closes = collectBundledCloses(loadBundledFiles());
    const dates = (symbol: string) => [...new Set(closes.get(symbol)?.map((c) => c.asOf))];
    expect(dates('NVDA')).toEqual(['2025-09-26', '2025-10-30', '2025-11-18']);
    expect(dates('BE')).toEqual(['2025-10-30', '2026-05-05']);
  });

  it('prices IVV with its 2025-11-18 closes and says how many fell back to an earlier close', async () => {
    const provider = createBundledProvider(undefined, { asOf: '2025-11-18' });
    const ivv = await provider.fetchSnapshot('IVV');
    const undated = await createBundledProvider().fetchSnapshot('IVV');
    const counts = countDatedPrices(ivv, '2025-11-18');
    expect(counts.exact + counts.earlier + counts.unpriced).toBe(503);
    expect(counts.exact).toBeGreaterThan(490);
    expect(ivv.holdings.find((h) => h.symbol === 'NVDA')).toMatchObject({
      price: '181.36',
      priceAsOf: '2025-11-18',
    });
    expect(undated.holdings.find((h) => h.symbol === 'NVDA')?.priceAsOf).toBe('2025-10-30');
    expect(ivv.source.reference).toContain('closes of 2025-11-18 or the nearest earlier');
    const voo = countDatedPrices(await provider.fetchSnapshot('VOO'), '2025-11-18');
    expect(voo.earlier).toBeGreaterThan(0);
  });

  it('accepts calendar dates only', () => {
    expect(isoDateSchema.safeParse('2025-11-18').success).toBe(true);
    expect(isoDateSchema.safeParse('2025-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2025-11-18T00:00').success).toBe(false);
  });
});

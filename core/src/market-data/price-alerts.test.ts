import { describe, expect, it } from 'vitest';
import { dec } from '../shared/decimal';
import { priceAlertsFor } from './price-alerts';

const priced = (date: string, prices: Record<string, string>) => ({
  date,
  prices: new Map(
    Object.entries(prices).map(([symbol, price]) => [symbol, { price: dec(price), asOf: date }]),
  ),
});
const october = priced('2025-10-30', { NFLX: '1089', DD: '81.47', AAPL: '270' });
const november = priced('2025-11-18', { NFLX: '114.09', DD: '38.70', AAPL: '268' });
const closes = { fromDate: '2025-10-30', toDate: '2025-11-18' };

describe('Price moves without a recorded action', () => {
  it("flags NFLX −89.52 % and DD −52.50 % (the bundle's closes) with no action to explain them; AAPL −0.74 % is no alert", () => {
    // (114.09 − 1089) ÷ 1089 = −0.895234… → −89.52 %; (38.70 − 81.47) ÷ 81.47 = −0.524979… → −52.50 %.
    expect(priceAlertsFor(['NFLX', 'DD', 'AAPL'], october, november, [], new Set())).toEqual([
      {
        symbol: 'DD',
        from: '81.47',
        to: '38.7',
        changePercent: '-52.50',
        snapshotDate: '2025-11-18',
        ...closes,
      },
      {
        symbol: 'NFLX',
        from: '1089',
        to: '114.09',
        changePercent: '-89.52',
        snapshotDate: '2025-11-18',
        ...closes,
      },
    ]);
  });

  it('a split effective between the two snapshots, or an admin confirmation, clears the flag', () => {
    const split = { symbol: 'NFLX', toSymbol: null, effectiveOn: '2025-11-17' };
    expect(priceAlertsFor(['NFLX'], october, november, [split], new Set())).toEqual([]);
    expect(
      priceAlertsFor(['NFLX'], october, november, [{ ...split, effectiveOn: '2025-10-30' }], new Set()),
    ).toHaveLength(1);
    expect(priceAlertsFor(['NFLX'], october, november, [], new Set(['NFLX@2025-11-18']))).toEqual([]);
  });

  it('a move of exactly 50 % is not flagged; one beyond it is, either way', () => {
    const at = (price: string) => priced('2026-01-02', { X: price });
    const base = priced('2026-01-01', { X: '100' });
    expect(priceAlertsFor(['X'], base, at('150'), [], new Set())).toEqual([]);
    expect(priceAlertsFor(['X'], base, at('50'), [], new Set())).toEqual([]);
    expect(priceAlertsFor(['X'], base, at('150.01'), [], new Set())[0]?.changePercent).toBe('50.01');
    expect(priceAlertsFor(['X'], base, at('49.99'), [], new Set())[0]?.changePercent).toBe('-50.01');
  });
});

import { describe, expect, it } from 'vitest';
import { priceHistoryData } from './price-history-data';

describe('Price history data', () => {
  it('sorts by date and drops rows without a usable price instead of filling them in', () => {
    expect(
      priceHistoryData([
        { date: '2026-07-02', close: '101.5' },
        { date: '2026-07-01', close: 100 },
        { date: '2026-07-03', close: null },
        { date: '2026-07-04', close: 'n/a' },
      ]),
    ).toEqual([
      { date: '2026-07-01', close: 100 },
      { date: '2026-07-02', close: 101.5 },
    ]);
  });
});

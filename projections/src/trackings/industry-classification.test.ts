import { describe, expect, it } from 'vitest';
import { knownIndustries, withIndustries } from './industry-classification';

const snapshot = {
  symbol: 'VOO',
  eventId: 'evt-1',
  asOf: '2026-01-02',
  holdings: [
    { symbol: 'PM', weightPercentage: '0.3', price: '150.00', sector: 'Consumer Staples' },
    { symbol: 'ZZZZ', weightPercentage: '0.1', price: '10.00', sector: null },
    {
      symbol: 'MO',
      weightPercentage: '0.2',
      price: '60.00',
      sector: null,
      industry: 'Given by the snapshot',
    },
  ],
};

describe('the bundled industry classification (issue 30)', () => {
  it('knows the GICS sub-industries of data/etf/sectors.csv, sorted', () => {
    const industries = knownIndustries();
    expect(industries).toContain('Tobacco');
    expect(industries).toContain('Technology Hardware, Storage & Peripherals');
    expect([...industries].sort()).toEqual(industries);
  });

  it("adds each holding's industry where the snapshot has none; an unknown symbol stays unclassified", () => {
    const classified = withIndustries(snapshot);
    expect(classified.holdings.map((holding) => holding.industry ?? null)).toEqual([
      'Tobacco',
      null,
      'Given by the snapshot',
    ]);
    // The shared holdings array is classified once: every tracking of the ETF gets the same array.
    expect(withIndustries(snapshot).holdings).toBe(classified.holdings);
    expect(snapshot.holdings[0]).not.toHaveProperty('industry');
  });
});

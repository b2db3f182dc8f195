import { describe, expect, it } from 'vitest';
import { combineHoldings } from './holdings';
import { trackingInput } from './portfolio-fixtures';

const info = new Map([
  ['AAPL', { name: 'Apple Inc.', sector: 'Technology' }],
  ['MSFT', { name: 'Microsoft', sector: 'Technology' }],
  ['XOM', { name: 'Exxon', sector: 'Energy' }],
]);

describe('Combining trackings into holdings', () => {
  // VOO: holds AAPL 2 (2×100 = 200) and XOM 1 (1×100 = 100); target AAPL 2, XOM 2 (200 + 200).
  // QQQ: holds AAPL 1 (100) and MSFT 1 (1×200 = 200); target AAPL 1, MSFT 1 (100 + 200).
  const prices = { AAPL: '100', MSFT: '200', XOM: '100' };
  const voo = trackingInput('voo', { positions: { AAPL: 2, XOM: 1 }, target: { AAPL: 2, XOM: 2 }, prices });
  const qqq = trackingInput('qqq', { positions: { AAPL: 1, MSFT: 1 }, target: { AAPL: 1, MSFT: 1 }, prices });
  const combined = combineHoldings([voo, qqq], info);

  it('shows a stock held by two trackings once, with each part', () => {
    // Invested: AAPL 300 + MSFT 200 + XOM 100 = 600. Target: AAPL 300 + MSFT 200 + XOM 200 = 700.
    expect(combined.investedValue.toFixed()).toBe('600');
    expect(combined.targetInvestedValue.toFixed()).toBe('700');
    const aapl = combined.holdings[0];
    expect(aapl).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      shares: '3',
      value: '300',
      // 300 / 600 = 50 %; target 300 / 700 = 42.857142… → 42.8571.
      weight: '50',
      targetShares: '3',
      targetValue: '300',
      targetWeight: '42.8571',
    });
    expect(aapl?.trackings).toEqual([
      { trackingId: 'voo', shares: '2', value: '200', targetShares: '2' },
      { trackingId: 'qqq', shares: '1', value: '100', targetShares: '1' },
    ]);
    expect(combined.holdings.map((holding) => holding.symbol)).toEqual(['AAPL', 'MSFT', 'XOM']);
  });

  it('measures the replication rate against the combined target', () => {
    // Held: AAPL 50, MSFT 33.33…, XOM 16.66…; target: AAPL 42.857…, MSFT 28.571…, XOM 28.571….
    // Σ min = 300/700 + 200/700 + 100/600 = 0.428571… + 0.285714… + 0.166666… = 0.880952… → 88.0952 %.
    expect(combined.replicationRate.toDecimalPlaces(4).toFixed()).toBe('88.0952');
  });

  it('groups sectors, held vs target', () => {
    // Technology held (300 + 200) / 600 = 83.3333 %, target 500 / 700 = 71.4286 %;
    // Energy held 100 / 600 = 16.6667 %, target 200 / 700 = 28.5714 %.
    expect(combined.sectors).toEqual([
      { sector: 'Technology', weight: '83.3333', targetWeight: '71.4286' },
      { sector: 'Energy', weight: '16.6667', targetWeight: '28.5714' },
    ]);
  });

  it('answers zeros for no trackings', () => {
    const empty = combineHoldings([], info);
    expect([empty.holdings, empty.sectors, empty.replicationRate.toFixed()]).toEqual([[], [], '0']);
  });
});

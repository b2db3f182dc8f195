import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustmentOrders } from '../replication/adjustment-orders';
import { replicate } from '../replication/replicate';
import { amountArbitrary, holdingsArbitrary, incrementArbitrary } from '../testing/replication-arbitraries';
import {
  type SubstitutionRecord,
  substituteHoldings,
  substitutionStatus,
  symbolsInWindow,
  windowDaysLeft,
  windowEndsAt,
  withoutBuysInWindow,
} from './substitutions';

const sub = (overrides: Partial<SubstitutionRecord> = {}): SubstitutionRecord => ({
  harvestId: 'h-1',
  symbol: 'AAPL',
  replacement: 'MSFT',
  harvestedAt: '2026-01-10',
  kept: false,
  ...overrides,
});

const dateArbitrary = fc
  .integer({ min: 0, max: 120 })
  .map((days) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().slice(0, 10));

describe('substitutions', () => {
  it('the window is the sale date + 30 days; day 31 suggests switching back; kept stays', () => {
    expect(windowEndsAt(sub())).toBe('2026-02-09');
    expect(substitutionStatus(sub(), '2026-01-10')).toBe('window');
    expect(substitutionStatus(sub(), '2026-02-09')).toBe('window');
    expect(windowDaysLeft(sub(), '2026-02-08')).toBe(1);
    expect(substitutionStatus(sub(), '2026-02-10')).toBe('switchBack');
    expect(windowDaysLeft(sub(), '2026-02-10')).toBe(0);
    expect(substitutionStatus(sub({ kept: true }), '2027-01-01')).toBe('kept');
  });

  it('keeps BUYs out inside the window, kept or not, and BUYs of stocks in another tracking window', () => {
    const orders = [
      { symbol: 'AAPL', orderType: 'BUY' },
      { symbol: 'AAPL', orderType: 'SELL' },
      { symbol: 'NVDA', orderType: 'BUY' },
      { symbol: 'MSFT', orderType: 'BUY' },
    ];
    expect(withoutBuysInWindow(orders, [sub({ kept: true })], '2026-02-09').map((o) => o.symbol)).toEqual([
      'AAPL',
      'NVDA',
      'MSFT',
    ]);
    expect(withoutBuysInWindow(orders, [sub()], '2026-02-10')).toEqual(orders);
    expect(withoutBuysInWindow(orders, [], '2026-02-10', new Set(['NVDA'])).map((o) => o.symbol)).toEqual([
      'AAPL',
      'AAPL',
      'MSFT',
    ]);
  });

  it('gives the sold stock weight to its replacement while it stands in, not after the window', () => {
    const holdings = [
      { symbol: 'MSFT', weightPercentage: '6', price: '500' },
      { symbol: 'AAPL', weightPercentage: '5', price: '200' },
      { symbol: 'NVDA', weightPercentage: '7', price: '180' },
    ];
    expect(substituteHoldings(holdings, [sub()], '2026-01-20')).toEqual([
      { symbol: 'MSFT', weightPercentage: '11', price: '500' },
      { symbol: 'NVDA', weightPercentage: '7', price: '180' },
    ]);
    // After the window nothing stands in: the list itself comes back (what is kept per list still applies).
    expect(substituteHoldings(holdings, [sub()], '2026-02-10')).toBe(holdings);
    expect(substituteHoldings(holdings, [sub({ kept: true })], '2026-06-01')).toHaveLength(2);
  });

  it('property: no suggested order ever buys a symbol inside its window (with or without the filter)', () => {
    fc.assert(
      fc.property(
        holdingsArbitrary({ allPriced: true, maxLength: 8 }),
        amountArbitrary,
        incrementArbitrary,
        fc.array(fc.tuple(fc.nat(), fc.nat(), dateArbitrary, fc.boolean()), { maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 50 })), { maxLength: 4 }),
        dateArbitrary,
        (holdings, amount, increment, picks, held, today) => {
          const symbols = holdings.map((holding) => holding.symbol);
          const subs = picks
            .map(([a, b, harvestedAt, kept], index) => ({
              harvestId: `h-${index}`,
              symbol: symbols[a % symbols.length] as string,
              replacement: symbols[b % symbols.length] as string,
              harvestedAt,
              kept,
            }))
            .filter((s) => s.symbol !== s.replacement);
          const positions = Object.fromEntries(
            held.map(([pick, shares]) => [symbols[pick % symbols.length] as string, String(shares)]),
          );
          const substituted = substituteHoldings(holdings, subs, today);
          if (!substituted.some((h) => Number(h.weightPercentage) > 0)) return;
          const target = replicate(substituted, amount, { shareIncrement: increment });
          const orders = adjustmentOrders(positions, target.investments);
          const inWindow = symbolsInWindow(subs, today);
          for (const order of withoutBuysInWindow(orders, subs, today))
            expect(order.orderType === 'BUY' && inWindow.has(order.symbol)).toBe(false);
          // The substitution alone already keeps the sold stock out of the target, unless harvests chain (a
          // replacement sold in turn): then the filter above is what keeps its BUY out.
          const sold = new Set(subs.map((s) => s.symbol));
          const chained = subs.some((s) => sold.has(s.replacement)) || sold.size < subs.length;
          if (!chained)
            for (const symbol of inWindow)
              expect(target.investments.some((line) => line.symbol === symbol)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

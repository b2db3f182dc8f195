import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alertsVersion,
  harvestRefusedReason,
  pausedReason,
  pauseFlaggedOrders,
  sentenceDate,
} from './paused-orders';
import type { PriceAlert } from './price-alerts';

const nflx: PriceAlert = {
  symbol: 'NFLX',
  from: '1089',
  to: '114.09',
  changePercent: '-89.52',
  snapshotDate: '2025-11-18',
  fromDate: '2025-10-30',
  toDate: '2025-11-18',
};

describe('Orders of flagged symbols are paused', () => {
  it('names the move and the two closes in the reason', () => {
    expect(pausedReason(nflx)).toBe(
      'NFLX moved −89.52 % between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action: its orders are paused until an admin records or confirms it',
    );
    expect(harvestRefusedReason(nflx)).toBe(
      'NFLX moved −89.52 % between the closes of Oct 30, 2025 and Nov 18, 2025 with no recorded split or other corporate action: its loss may not be real, so it cannot be harvested until an admin records or confirms it.',
    );
    expect(pausedReason({ ...nflx, changePercent: '120.00' })).toMatch(/^NFLX moved \+120\.00 % between/);
  });

  it('takes a flagged symbol out of the orders and lists it, keeping the others in order', () => {
    const orders = [
      { symbol: 'AAPL', orderType: 'BUY' as const, shares: '2' },
      { symbol: 'NFLX', orderType: 'BUY' as const, shares: '3' },
      { symbol: 'MSFT', orderType: 'SELL' as const, shares: '1' },
    ];
    const { orders: kept, paused } = pauseFlaggedOrders(orders, [nflx]);
    expect(kept.map((order) => order.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(paused).toEqual([
      {
        symbol: 'NFLX',
        orderType: 'BUY',
        shares: '3',
        reason: pausedReason(nflx),
        changePercent: '-89.52',
        fromDate: '2025-10-30',
        toDate: '2025-11-18',
      },
    ]);
    expect(pauseFlaggedOrders(orders, [])).toEqual({ orders, paused: [] });
  });

  it('every order is either kept or paused, never both, never lost', () => {
    const symbol = fc.constantFrom<string>('AAPL', 'NFLX', 'DD', 'MSFT');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            symbol,
            orderType: fc.constantFrom('BUY' as const, 'SELL' as const),
            shares: fc.constant('1'),
          }),
        ),
        fc.uniqueArray(symbol),
        (orders, flagged) => {
          const alerts = flagged.map((s) => ({ ...nflx, symbol: s }));
          const { orders: kept, paused } = pauseFlaggedOrders(orders, alerts);
          expect(kept.length + paused.length).toBe(orders.length);
          expect(kept.every((order) => !flagged.includes(order.symbol))).toBe(true);
          expect(paused.every((order) => flagged.includes(order.symbol))).toBe(true);
        },
      ),
    );
  });

  it('writes dates as in sentences, and the version changes when an alert clears', () => {
    expect(sentenceDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(sentenceDate('not a date')).toBe('not a date');
    expect(alertsVersion([nflx])).not.toBe(alertsVersion([]));
  });
});

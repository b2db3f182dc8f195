import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../shared/decimal';
import {
  alertsVersion,
  harvestRefusedReason,
  pausedReason,
  pauseFlaggedOrders,
  pauseUnfundedBuys,
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
        flaggedSymbol: 'NFLX',
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

  it('pauses the BUYs only a paused SELL would pay for, keeping those the cash covers', () => {
    // DD's SELL of 10 × $40 = $400 is paused. Cash $100 + the kept SELL of 1 X × $50 = $150 to spend:
    // BUY 0.5 AAPL × $270 = $135 fits (left $15); BUY 0.5 MSFT × $500 = $250 does not: paused, naming DD.
    const dd = { ...nflx, symbol: 'DD', changePercent: '52.00' };
    const orders = [
      { symbol: 'DD', orderType: 'SELL' as const, shares: '10' },
      { symbol: 'AAPL', orderType: 'BUY' as const, shares: '0.5' },
      { symbol: 'MSFT', orderType: 'BUY' as const, shares: '0.5' },
      { symbol: 'X', orderType: 'SELL' as const, shares: '1' },
    ];
    const prices = { DD: '40', AAPL: '270', MSFT: '500', X: '50' };
    const flagged = pauseFlaggedOrders(orders, [dd]);
    const { orders: kept, paused } = pauseUnfundedBuys(flagged.orders, flagged.paused, dec('100'), prices);
    expect(kept.map((order) => order.symbol)).toEqual(['AAPL', 'X']);
    expect(paused.map((order) => [order.symbol, order.flaggedSymbol])).toEqual([
      ['DD', 'DD'],
      ['MSFT', 'DD'],
    ]);
    expect(paused[1]?.reason).toBe(`it needs the cash of the paused SELL of DD (${pausedReason(dd)})`);
    // No paused SELL: nothing else is paused, whatever the cash.
    expect(pauseUnfundedBuys(orders.slice(1), [], dec('0'), prices).orders).toHaveLength(3);
  });

  it('with a SELL paused, the kept orders never spend more than the cash and the kept SELLs bring', () => {
    const order = fc.record({
      symbol: fc.constantFrom<string>('AAPL', 'MSFT', 'X', 'Y'),
      orderType: fc.constantFrom('BUY' as const, 'SELL' as const),
      shares: fc.integer({ min: 1, max: 50 }).map(String),
    });
    fc.assert(
      fc.property(fc.array(order), fc.integer({ min: 0, max: 2_000 }), (orders, cash) => {
        const prices = { AAPL: '270', MSFT: '500', X: '50', Y: '12.5', DD: '40' };
        const paused = pauseFlaggedOrders(
          [{ symbol: 'DD', orderType: 'SELL', shares: '3' }],
          [{ ...nflx, symbol: 'DD' }],
        ).paused;
        const result = pauseUnfundedBuys(orders, paused, dec(String(cash)), prices);
        const value = (o: (typeof orders)[number]) => dec(o.shares).mul(dec(prices[o.symbol as 'X']));
        const net = result.orders.reduce(
          (sum, o) => (o.orderType === 'SELL' ? sum.add(value(o)) : sum.sub(value(o))),
          dec(String(cash)),
        );
        expect(net.gte(0)).toBe(true);
        expect(result.orders.length + result.paused.length).toBe(orders.length + 1);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Decimal, dec, sumDecimals, ZERO } from '../shared/decimal';
import { netOrders, nettingSaving, signed, splitNetted } from './netting';
import { trackingInput } from './portfolio-fixtures';
import type { PortfolioOrderLine } from './types';

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN'] as const;
const orderArb = fc.record({
  symbol: fc.constantFrom(...SYMBOLS),
  orderType: fc.constantFrom('BUY' as const, 'SELL' as const),
  hundredths: fc.integer({ min: 1, max: 5_000 }),
});
const trackingsArb = fc
  .array(fc.array(orderArb, { maxLength: 6 }), { minLength: 1, maxLength: 5 })
  .map((lists) =>
    lists.map((orders, index) =>
      trackingInput(`t${index}`, {
        orders: orders.map((order) => ({
          ...order,
          shares: dec(String(order.hundredths)).div(100).toFixed(),
        })),
        prices: { AAPL: '190.5', MSFT: '410', NVDA: '120.25', AMZN: '180' },
      }),
    ),
  );

/** Positions after applying orders one by one: BUY adds, SELL takes away. */
const apply = (positions: Map<string, Decimal>, orders: readonly PortfolioOrderLine[]) => {
  const next = new Map(positions);
  for (const order of orders) next.set(order.symbol, (next.get(order.symbol) ?? ZERO).add(signed(order)));
  return next;
};
const asText = (positions: Map<string, Decimal>) =>
  Object.fromEntries([...positions].map(([symbol, shares]) => [symbol, shares.toFixed()]));

describe('Netting the trackings orders', () => {
  it('never changes a stock total: the signed parts add up to the net order', () => {
    fc.assert(
      fc.property(trackingsArb, (trackings) => {
        const netted = netOrders(trackings);
        for (const symbol of SYMBOLS) {
          const asked = sumDecimals(
            trackings.flatMap((tracking) => tracking.orders.filter((o) => o.symbol === symbol).map(signed)),
          );
          const order = netted.find((candidate) => candidate.symbol === symbol);
          const net = order ? (order.orderType === 'BUY' ? order.shares : order.shares.neg()) : ZERO;
          expect(net.toFixed()).toBe(asked.toFixed());
          if (order) expect(sumDecimals(order.parts.map(signed)).toFixed()).toBe(asked.toFixed());
        }
      }),
    );
  });

  it('recording the netted list split back into parts equals recording each tracking its own orders', () => {
    fc.assert(
      fc.property(trackingsArb, (trackings) => {
        const split = splitNetted(netOrders(trackings));
        for (const tracking of trackings) {
          const start = new Map<string, Decimal>([['AAPL', dec('100')]]);
          const oneByOne = apply(start, tracking.orders);
          const fromNetted = apply(start, split.get(tracking.trackingId) ?? []);
          expect(asText(fromNetted)).toEqual(asText(oneByOne));
        }
        // And the broker sees the same change in the account as a whole.
        const account = apply(
          new Map(),
          trackings.flatMap((tracking) => tracking.orders),
        );
        const netted = netOrders(trackings).map((order) => ({ ...order }));
        expect(asText(apply(new Map(), netted))).toEqual(asText(account));
      }),
    );
  });

  it('never trades more, in orders or in dollars, than the orders one by one', () => {
    fc.assert(
      fc.property(trackingsArb, (trackings) => {
        const saving = nettingSaving(netOrders(trackings));
        expect(saving.ordersAfter).toBeLessThanOrEqual(saving.ordersBefore);
        expect(saving.tradedAfter.lte(saving.tradedBefore)).toBe(true);
      }),
    );
  });
});

describe('Netting worked example', () => {
  it('nets BUY 3 AAPL and SELL 2 AAPL into BUY 1, keeping both parts', () => {
    const voo = trackingInput('voo', {
      orders: [
        { symbol: 'AAPL', orderType: 'BUY', shares: 3 },
        { symbol: 'MSFT', orderType: 'BUY', shares: '0.5' },
      ],
      prices: { AAPL: '200', MSFT: '400' },
    });
    const qqq = trackingInput('qqq', {
      orders: [{ symbol: 'AAPL', orderType: 'SELL', shares: 2 }],
      prices: { AAPL: '200' },
    });
    const netted = netOrders([voo, qqq]);
    // AAPL: +3 − 2 = BUY 1. MSFT: only VOO's BUY 0.5.
    expect(netted.map((o) => [o.symbol, o.orderType, o.shares.toFixed()])).toEqual([
      ['AAPL', 'BUY', '1'],
      ['MSFT', 'BUY', '0.5'],
    ]);
    expect(netted[0]?.parts.map((p) => [p.trackingId, p.orderType, p.shares.toFixed()])).toEqual([
      ['voo', 'BUY', '3'],
      ['qqq', 'SELL', '2'],
    ]);
    // Before: 3 orders, 3×200 + 2×200 + 0.5×400 = 600 + 400 + 200 = $1,200.
    // After: 2 orders, 1×200 + 0.5×400 = $400.
    const saving = nettingSaving(netted);
    expect(saving.ordersBefore).toBe(3);
    expect(saving.ordersAfter).toBe(2);
    expect(saving.tradedBefore.toFixed()).toBe('1200');
    expect(saving.tradedAfter.toFixed()).toBe('400');
  });

  it('keeps orders that cancel out with 0 shares and no order at the broker', () => {
    const a = trackingInput('a', {
      orders: [{ symbol: 'NVDA', orderType: 'SELL', shares: 4 }],
      prices: { NVDA: '100' },
    });
    const b = trackingInput('b', {
      orders: [{ symbol: 'NVDA', orderType: 'BUY', shares: 4 }],
      prices: { NVDA: '100' },
    });
    const netted = netOrders([a, b]);
    // −4 + 4 = 0: nothing to place; before: 2 orders, $800; after: 0 orders, $0.
    expect(netted.map((o) => [o.symbol, o.shares.toFixed(), o.parts.length])).toEqual([['NVDA', '0', 2]]);
    const saving = nettingSaving(netted);
    expect([saving.ordersBefore, saving.ordersAfter]).toEqual([2, 0]);
    expect([saving.tradedBefore.toFixed(), saving.tradedAfter.toFixed()]).toEqual(['800', '0']);
  });
});

import { describe, expect, it } from 'vitest';
import { adjustmentOrders } from './adjustment-orders';
import { currentReplication, measureReplication } from './current-replication';

describe('adjustmentOrders', () => {
  it('buys and sells the difference per symbol, in target order, skipping symbols already at target', () => {
    const current = { AAPL: '3', MSFT: '5', NVDA: '2' };
    const target = [
      { symbol: 'NVDA', numberOfShares: '4.5' },
      { symbol: 'AAPL', numberOfShares: '1' },
      { symbol: 'MSFT', numberOfShares: '5' },
    ];
    expect(adjustmentOrders(current, target)).toEqual([
      { symbol: 'NVDA', orderType: 'BUY', shares: '2.5' },
      { symbol: 'AAPL', orderType: 'SELL', shares: '2' },
    ]);
  });

  it('sells a symbol held but absent from the target completely (a liquidation), after the target orders', () => {
    expect(adjustmentOrders({ ZZZ: '1.25', OLD: '7' }, [{ symbol: 'NEW', numberOfShares: '1' }])).toEqual([
      { symbol: 'NEW', orderType: 'BUY', shares: '1' },
      { symbol: 'OLD', orderType: 'SELL', shares: '7' },
      { symbol: 'ZZZ', orderType: 'SELL', shares: '1.25' },
    ]);
  });

  it('has nothing to do when current is target', () => {
    expect(adjustmentOrders([{ symbol: 'A', numberOfShares: '2' }], { A: '2.00' })).toEqual([]);
  });
});

describe('currentReplication', () => {
  it('values positions at the latest prices and keeps the cash as leftover', () => {
    expect(
      currentReplication(
        { MSFT: '2', AAPL: '1.5', GONE: '0' },
        '123.4',
        { AAPL: '200', MSFT: '500.25' },
        '1500',
      ),
    ).toEqual({
      targetInvestmentAmount: '1500.00',
      investments: [
        { symbol: 'AAPL', numberOfShares: '1.5', amountInvested: '300.00' },
        { symbol: 'MSFT', numberOfShares: '2', amountInvested: '1000.50' },
      ],
      leftoverAmount: '123.40',
      unpriced: [],
    });
  });

  it('flags a held symbol without a price instead of dropping it', () => {
    const result = currentReplication({ DELISTED: '3' }, '0', new Map(), '100');
    expect(result.investments).toEqual([{ symbol: 'DELISTED', numberOfShares: '3', amountInvested: '0.00' }]);
    expect(result.unpriced).toEqual(['DELISTED']);
  });
});

describe('measureReplication', () => {
  const holdings = [
    { symbol: 'A', weightPercentage: '30', price: '10' },
    { symbol: 'B', weightPercentage: '20', price: '10' },
    { symbol: 'C', weightPercentage: '50', price: null },
  ];

  it('measures RR against the top-N tradable targets and the ETF RR against the whole fund', () => {
    // Universe A, B (C has no price): targets 60 % and 40 % of $1,000 = $600 and $400.
    const measured = measureReplication(holdings, '1000', [
      { symbol: 'A', amountInvested: '700' },
      { symbol: 'B', amountInvested: '200' },
    ]);
    expect(measured).toEqual({ replicationRate: '80', etfReplicationRate: '50', etfCoverage: '50' });
  });
});

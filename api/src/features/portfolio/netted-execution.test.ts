import { dec, type Netted } from '@etf-replicator/core';
import { portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import { describe, expect, it } from 'vitest';
import { lotsToClose, splitExecution } from './netted-execution';

// AAPL: VOO BUY 3 + QQQ SELL 2 = BUY 1. NVDA: VOO SELL 4 + QQQ BUY 4 = 0 (nothing to place).
const netted: Netted[] = [
  {
    symbol: 'AAPL',
    orderType: 'BUY',
    shares: dec('1'),
    price: dec('200'),
    parts: [
      { trackingId: 'voo', symbol: 'AAPL', orderType: 'BUY', shares: dec('3') },
      { trackingId: 'qqq', symbol: 'AAPL', orderType: 'SELL', shares: dec('2') },
    ],
  },
  {
    symbol: 'NVDA',
    orderType: 'BUY',
    shares: dec('0'),
    price: dec('100'),
    parts: [
      { trackingId: 'voo', symbol: 'NVDA', orderType: 'SELL', shares: dec('4') },
      { trackingId: 'qqq', symbol: 'NVDA', orderType: 'BUY', shares: dec('4') },
    ],
  },
];

describe('Splitting executed netted orders back into the trackings', () => {
  it("records each tracking's own order, with the fill of the whole netted order", () => {
    const split = splitExecution(netted, [
      { symbol: 'aapl', orderType: 'BUY', shares: '1', price: '201.5' },
      { symbol: 'NVDA', orderType: 'SELL', shares: 0 },
    ]);
    expect(Object.fromEntries(split)).toEqual({
      voo: [
        { symbol: 'AAPL', orderType: 'BUY', shares: '3', fillPrice: '201.5' },
        { symbol: 'NVDA', orderType: 'SELL', shares: '4' },
      ],
      qqq: [
        { symbol: 'AAPL', orderType: 'SELL', shares: '2', fillPrice: '201.5' },
        { symbol: 'NVDA', orderType: 'BUY', shares: '4' },
      ],
    });
  });

  it.each([
    [{ symbol: 'MSFT', orderType: 'BUY', shares: '1' }, portfolioMessages.notInOrders('MSFT')],
    [{ symbol: 'AAPL', orderType: 'SELL', shares: '1' }, portfolioMessages.notInOrders('AAPL')],
    [{ symbol: 'AAPL', orderType: 'BUY', shares: '2' }, portfolioMessages.tooMany('AAPL')],
    [
      { symbol: 'AAPL', orderType: 'BUY', shares: '0.5' },
      'Record the whole netted order of AAPL (1 shares): a part cannot be split between trackings',
    ],
    [{ symbol: 'NVDA', orderType: 'BUY', shares: '1' }, portfolioMessages.tooMany('NVDA')],
  ] as const)('refuses %o', (order, message) => {
    expect(() => splitExecution(netted, [order])).toThrow(message);
  });
});

describe('A netted SELL under a gains budget closes the lots its tracking named', () => {
  const lot = (lotId: string | null, shares: string) => ({
    lotId,
    shares,
    acquiredAt: '2020-01-02',
    costPerShare: '50',
    gain: '0',
    term: 'LONG' as const,
  });
  // QQQ's budgeted SELL 2 AAPL names lot L1 (2 sh); VOO's BUY 3 nets it to BUY 1 at the broker.
  const budgeted: Netted[] = [
    {
      ...(netted[0] as Netted),
      parts: [
        { trackingId: 'voo', symbol: 'AAPL', orderType: 'BUY', shares: dec('3') },
        { trackingId: 'qqq', symbol: 'AAPL', orderType: 'SELL', shares: dec('2'), lots: [lot('L1', '2')] },
      ],
    },
  ];

  it('records the SELL part with its lots, the BUY part without', () => {
    const split = splitExecution(budgeted, [{ symbol: 'AAPL', orderType: 'BUY', shares: '1' }]);
    expect(split.get('qqq')).toEqual([
      { symbol: 'AAPL', orderType: 'SELL', shares: '2', lots: [{ lotId: 'L1', shares: '2' }] },
    ]);
    expect(split.get('voo')).toEqual([{ symbol: 'AAPL', orderType: 'BUY', shares: '3' }]);
  });

  it('adds up the two parts of one lot, and leaves the lot method to pick when a lot is unknown', () => {
    expect(lotsToClose([lot('L1', '1.5'), lot('L2', '1'), lot('L1', '0.5')])).toEqual([
      { lotId: 'L1', shares: '2' },
      { lotId: 'L2', shares: '1' },
    ]);
    expect(lotsToClose([lot('L1', '1'), lot(null, '1')])).toBeUndefined();
    expect(lotsToClose(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { currentVsTargetRows, heldShares } from './current-vs-target';

const detail = {
  currentReplication: {
    targetInvestmentAmount: '1000.00',
    investments: [
      { symbol: 'AAPL', numberOfShares: '1', amountInvested: '270.00' },
      { symbol: 'OLD', numberOfShares: '2', amountInvested: '50.00' },
    ],
    leftoverAmount: '680.00',
  },
  targetReplication: {
    investments: [
      { symbol: 'AAPL', numberOfShares: '2', amountInvested: '540.00' },
      { symbol: 'MSFT', numberOfShares: '1', amountInvested: '400.00' },
    ],
    leftoverAmount: '60.00',
  },
  adjustmentOrders: [
    { symbol: 'AAPL', orderType: 'BUY' as const, shares: '1' },
    { symbol: 'MSFT', orderType: 'BUY' as const, shares: '1' },
    { symbol: 'OLD', orderType: 'SELL' as const, shares: '2' },
  ],
};

describe('Current versus target rows', () => {
  it('lists every target symbol largest first, then liquidations, each with its order', () => {
    const rows = currentVsTargetRows(detail);
    expect(rows.map((row) => row.symbol)).toEqual(['AAPL', 'MSFT', 'OLD']);
    expect(rows[1]).toMatchObject({ current: undefined, target: { shares: '1', amount: '400.00' } });
    expect(rows[2]).toMatchObject({ target: undefined, order: { orderType: 'SELL', shares: '2' } });
  });

  it('knows how many shares are held', () => {
    expect(heldShares(detail, 'OLD')).toBe('2');
    expect(heldShares(detail, 'MSFT')).toBe('0');
  });
});

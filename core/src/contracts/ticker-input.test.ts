import { describe, expect, it } from 'vitest';
import { applyAdjustmentOrderSchema, createTrackingRequestSchema } from './trackings';

describe('Ticker symbols in command bodies (issue 27 item 12)', () => {
  const order = (symbol: string) =>
    applyAdjustmentOrderSchema.safeParse({ symbol, shares: '1', orderType: 'BUY' });

  it('accepts tickers with share-class separators', () => {
    for (const symbol of ['AAPL', 'BRK.B', 'BF-B', 'BRK/B', 'A']) expect(order(symbol).success).toBe(true);
  });

  it('refuses a symbol longer than 15 characters or with other characters, naming the rule', () => {
    const long = order('A'.repeat(16));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toMatch(/must be a ticker symbol such as AAPL/);
    expect(order('AAPL; DROP').success).toBe(false);
    expect(order('').error?.issues[0]?.message).toBe('is required');
    const create = createTrackingRequestSchema.safeParse({
      symbol: 'Q'.repeat(500),
      currentReplication: { targetInvestmentAmount: '1000', investments: [], leftoverAmount: '1000' },
    });
    expect(create.success).toBe(false);
  });
});

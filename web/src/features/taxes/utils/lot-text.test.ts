import { describe, expect, it } from 'vitest';
import { acquiredText, adjustmentText, basisText, carriedNote, holdingStartText } from './lot-text';

describe('lot texts', () => {
  it('say unknown instead of inventing a basis or a date', () => {
    expect(basisText(null)).toBe('unknown');
    expect(holdingStartText({ holdingStart: null })).toBe('Holding period from unknown');
    expect(acquiredText({ acquiredOn: null })).toBe('unknown');
  });

  it('name the wash sale a lot carries: the $1,000 loss of 10 AAPL sold at $400 after buying at $500', () => {
    // Loss = 10 × (500 − 400) = 1,000, all of it disallowed by the 10-share buyback and added to its basis.
    expect(
      carriedNote({
        adjustment: '1000',
        washSales: [{ saleId: 's1', symbol: 'AAPL', soldOn: '2026-11-20', shares: '10', amount: '1000' }],
      }),
    ).toBe('Carried from a wash sale: +$1,000.00 (AAPL sold Nov 20, 2026)');
    expect(carriedNote({ adjustment: '0', washSales: [] })).toBeNull();
  });

  it('shows the holding-period start and the W adjustment', () => {
    expect(holdingStartText({ holdingStart: '2026-07-27' })).toBe('Holding period from Jul 27, 2026');
    expect(basisText('5100')).toBe('$5,100.00');
    expect(adjustmentText({ code: 'W', adjustment: '1000' })).toBe('+$1,000.00');
    expect(adjustmentText({ code: '', adjustment: '0' })).toBe('');
  });
});

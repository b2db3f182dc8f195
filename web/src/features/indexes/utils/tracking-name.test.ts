import { describe, expect, it } from 'vitest';
import { trackingName } from './tracking-name';

describe('trackingName', () => {
  it('names a blend by its parts, a list by its size, and an ETF by its symbol', () => {
    const blend = {
      type: 'blend' as const,
      parts: [
        { symbol: 'VTI', weight: '70' },
        { symbol: 'QQQ', weight: '30' },
      ],
    };
    expect(trackingName({ symbol: 'VTI', index: blend })).toBe('70 % VTI + 30 % QQQ');
    const list = { type: 'custom' as const, holdings: [{ symbol: 'AAPL', weight: '100' }] };
    expect(trackingName({ symbol: '*CUSTOM', index: list })).toBe('My list (1 stock)');
    expect(trackingName({ symbol: 'VOO' })).toBe('VOO');
  });
});

import { describe, expect, it } from 'vitest';
import { sharesText } from './shares-text';

describe('Shares text', () => {
  it('agrees with the count shown, which is truncated to 2 decimals', () => {
    // 1.004 shows as "1" (truncated), so it reads "1 share"; 1.01 shows as "1.01".
    expect(['1', '1.004', '1.01', '0', '2.5', '1000'].map(sharesText)).toEqual([
      '1 share',
      '1 share',
      '1.01 shares',
      '0 shares',
      '2.5 shares',
      '1,000 shares',
    ]);
  });
});

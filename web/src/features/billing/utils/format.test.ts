import { describe, expect, it } from 'vitest';
import { capitalise, formatAmount, formatDate, statusTone } from './format';

describe('Invoice formatting (spec 1 §4, §9)', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatAmount(3900)).toBe('$39.00');
    expect(formatAmount(5)).toBe('$0.05');
    expect(formatAmount(0)).toBe('$0.00');
    expect(formatAmount(123456)).toBe('$1,234.56');
  });

  it('capitalises the status and colours only paid green', () => {
    expect(capitalise('paid')).toBe('Paid');
    expect(capitalise('open')).toBe('Open');
    expect(statusTone('paid')).toBe('green');
    expect(statusTone('open')).toBe('yellow');
    expect(statusTone('uncollectible')).toBe('yellow');
  });

  it('shows the invoice date in UTC, and an unreadable date as missing', () => {
    expect(formatDate('2027-01-15T08:00:00.000Z')).toBe('Jan 15, 2027');
    expect(formatDate('soon')).toBe('—');
  });
});

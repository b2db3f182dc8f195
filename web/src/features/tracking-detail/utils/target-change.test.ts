import { describe, expect, it } from 'vitest';
import { readTargetChange } from './target-change';

describe('Raise and lower target amounts (spec 2 §5)', () => {
  it('rejects zero and empty with the modal wording', () => {
    for (const text of ['', '0', '0.00']) {
      expect(readTargetChange(text, 'raise', '10000.00')).toEqual({
        ok: false,
        message: 'Please enter a valid investment amount greater than zero.',
      });
    }
  });

  it('sends the amount without separators', () => {
    expect(readTargetChange('1,500.5', 'raise', '10000')).toEqual({ ok: true, amount: '1500.5' });
  });

  it('never lowers by more than the target', () => {
    expect(readTargetChange('10,000', 'lower', '10000.00')).toEqual({ ok: true, amount: '10000' });
    expect(readTargetChange('10,000.01', 'lower', '10000.00')).toEqual({
      ok: false,
      message: 'You cannot decrease the target amount more than $10,000.00',
    });
  });
});

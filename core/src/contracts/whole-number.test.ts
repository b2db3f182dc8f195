import { describe, expect, it } from 'vitest';
import { historyQuerySchema } from './history';
import { changeNumberOfWeightingsQuerySchema } from './trackings';
import { wholeNumber } from './whole-number';

describe('wholeNumber', () => {
  it('reads decimal digits with an optional minus', () => {
    expect(wholeNumber().parse('16')).toBe(16);
    expect(wholeNumber().parse('-3')).toBe(-3);
    expect(wholeNumber().parse(7)).toBe(7);
  });

  it.each(['0x10', '1e1', ' 5', '', '1.0', '0b1', 'Infinity', '10000000000000000', '٣'])(
    'refuses %j',
    (text) => {
      expect(wholeNumber().safeParse(text).success).toBe(false);
    },
  );

  it('guards the numberOfWeightings and history queries', () => {
    const weightings = changeNumberOfWeightingsQuerySchema.safeParse({ numberOfWeightings: '0x10' });
    expect(weightings.error?.issues[0]?.message).toBe('must be a whole number');
    expect(changeNumberOfWeightingsQuerySchema.parse({ numberOfWeightings: '12' })).toEqual({
      numberOfWeightings: 12,
    });
    expect(historyQuerySchema.safeParse({ page: '1e1' }).success).toBe(false);
    expect(historyQuerySchema.parse({})).toEqual({ page: 0, size: 5 });
    expect(historyQuerySchema.parse({ page: '2', size: '25' })).toEqual({ page: 2, size: 25 });
  });
});

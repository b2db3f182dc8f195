import { describe, expect, it } from 'vitest';
import { readWeightings, stepWeightings } from './weightings-draft';

describe('number of weightings draft', () => {
  it('reads whole numbers from 1 to the cap', () => {
    expect(readWeightings('1', 503)).toEqual({ ok: true, value: 1 });
    expect(readWeightings(' 503 ', 503)).toEqual({ ok: true, value: 503 });
    for (const text of ['0', '504', '', '2.5', '-1', '1e2'])
      expect(readWeightings(text, 503)).toEqual({
        ok: false,
        message: 'Enter a whole number from 1 to 503: your plan allows up to 503.',
      });
    expect(readWeightings('2', 1)).toEqual({ ok: false, message: 'Your plan allows 1 weighting.' });
  });

  it('steps inside 1…cap, from the saved number when the text is unreadable', () => {
    expect(stepWeightings('5', 1, 10, 3)).toBe(6);
    expect(stepWeightings('10', 10, 10, 3)).toBe(10);
    expect(stepWeightings('2', -10, 10, 3)).toBe(1);
    expect(stepWeightings('', 1, 10, 3)).toBe(4);
    expect(stepWeightings('999', -1, 10, 3)).toBe(10);
  });
});

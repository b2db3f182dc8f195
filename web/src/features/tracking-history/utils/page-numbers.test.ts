import { describe, expect, it } from 'vitest';
import { pageNumbers, totalPagesOf } from './page-numbers';

describe('History pagination (spec 2 §9)', () => {
  it('shows every page when there are at most 5', () => {
    expect(pageNumbers(0, 1)).toEqual([0]);
    expect(pageNumbers(2, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('shows 5 page numbers around the current one, with an ellipsis where pages are left out', () => {
    expect(pageNumbers(0, 10)).toEqual([0, 1, 2, 3, 4, 'gap-after']);
    expect(pageNumbers(5, 10)).toEqual(['gap-before', 3, 4, 5, 6, 7, 'gap-after']);
    expect(pageNumbers(9, 10)).toEqual(['gap-before', 5, 6, 7, 8, 9]);
  });

  it('has no pages without entries', () => {
    expect(pageNumbers(0, 0)).toEqual([]);
    expect(totalPagesOf(0, 5)).toBe(0);
    expect(totalPagesOf(11, 5)).toBe(3);
  });
});

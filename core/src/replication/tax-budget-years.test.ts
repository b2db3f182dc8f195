import { describe, expect, it } from 'vitest';
import { taxBudgetExample } from '../testing/tax-budget-example';
import { yearsToTargetRate } from './tax-budget-years';

/** tax-budget.test.ts's example (AAA/BBB 50 % at $100/$50, A = $5,000, ZZZ outside the index), lot method TAX_OPTIMAL. */
const example = () => taxBudgetExample('TAX_OPTIMAL');

describe('yearsToTargetRate', () => {
  it('says 0 years when the rate already reaches 95 %', () => {
    expect(yearsToTargetRate(example(), { maxNetGain: '0', allowShortTermGains: true }, '96')).toEqual({
      years: 0,
      rates: [],
    });
  });

  /**
   * $0 a year: year one sells the loss lot and 2 ZZZ (84 %, see tax-budget.test.ts). Then no loss lot is left:
   * AAA's old lot (+$80 a share), BBB's (+$20) and ZZZ's (+$60) each realise a gain, and the 24 BBB bought at $50
   * realise none but BBB is under its target. Nothing more can be sold: 84 % every year, never 95 %.
   */
  it('with $0 a year stays at the first year’s rate when every later sale would realise a gain', () => {
    const estimate = yearsToTargetRate(example(), { maxNetGain: '0', allowShortTermGains: false }, '50', 4);
    expect(estimate).toEqual({ years: null, rates: ['84', '84', '84', '84'] });
  });

  /**
   * $300 a year: year one can realise all $450? No: $300 allows the loss (−$150) plus 7 ZZZ (+$420): net +$270;
   * an 8th share would be +$330. Year two: the 3 ZZZ left (+$180) fit in $300: 100 %. Two years.
   */
  it('with $300 a year reaches 95 % in the second year', () => {
    const estimate = yearsToTargetRate(example(), { maxNetGain: '300', allowShortTermGains: true }, '50');
    expect(estimate.years).toBe(2);
    expect(Number(estimate.rates[0])).toBeLessThan(95);
    expect(estimate.rates[1]).toBe('100');
  });
});

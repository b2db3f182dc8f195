import { describe, expect, it } from 'vitest';
import { formatMoney } from '../shared/money';
import { taxBudgetNote } from './budget-note';

const budget = { year: 2026, maxNetGain: '0', allowShortTermGains: false };

describe('The gains budget sentence beside a tracking’s orders', () => {
  it('says the orders respect the budget, and what they realise', () => {
    expect(taxBudgetNote({ ...budget, applies: true, ordersRealisedNetGain: '0' }, formatMoney)).toBe(
      "The orders keep 2026's net realised gain within the gains budget ($0.00): they realise $0.00 of net gains.",
    );
    expect(
      taxBudgetNote(
        { ...budget, maxNetGain: '5000', applies: true, ordersRealisedNetGain: '-150.5' },
        formatMoney,
      ),
    ).toBe(
      "The orders keep 2026's net realised gain within the gains budget ($5,000.00): they realise a net loss of $150.50.",
    );
    expect(taxBudgetNote({ ...budget, maxNetGain: null }, formatMoney)).toBe(
      "The orders keep 2026's net realised gain within the gains budget (no limit).",
    );
  });

  it("says so when the budget is another year's: today's orders do not use it", () => {
    expect(taxBudgetNote({ ...budget, year: 2025, applies: false }, formatMoney)).toBe(
      "The gains budget is for 2025: today's orders do not use it.",
    );
  });
});

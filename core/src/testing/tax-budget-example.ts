import type { TaxAwareInput } from '../replication/tax-budget-types';
import { dec } from '../shared/decimal';
import type { Lot, LotMethod } from '../tracking/lots';

/** The tax-budget engine's worked example, shared by its tests (figures derived in tax-budget.test.ts). */
export const lot = (
  lotId: string,
  symbol: string,
  shares: string,
  cost: string,
  acquiredAt: string,
  known = true,
): Lot => ({
  lotId,
  symbol,
  shares: dec(shares),
  costPerShare: dec(cost),
  acquiredAt,
  costKnown: known,
  dateKnown: true,
});

/**
 * The index: AAA and BBB, 50 % each, at $100 and $50. A = $5,000 (positions $4,500 + cash $500), so each target is
 * $2,500: 25 AAA, 50 BBB. Held on 2026-11-27:
 * - AAA 30 shares ($3,000, 5 over target): 25 in a low-basis long-term lot at $20 (gain $80 a share) and 5 in a
 *   high-basis short-term lot at $130 (loss $30 a share);
 * - BBB 10 shares ($500) in a long-term lot at $30 (gain $20 a share), well under its target;
 * - ZZZ 10 shares ($1,000), outside the index, long-term lot at $40 (gain $60 a share).
 * Today's engine: sell 5 AAA (HIFO closes the loss lot first: −$150), sell all 10 ZZZ (+$600), buy 40 BBB
 * ($2,000 = $500 cash + $500 + $1,000 of proceeds): RR 100 %, net gain realised $450.
 */
export const taxBudgetExample = (lotMethod: LotMethod = 'HIFO', realisedNetGain = '0'): TaxAwareInput => ({
  holdings: [
    { symbol: 'AAA', weightPercentage: '50', price: '100' },
    { symbol: 'BBB', weightPercentage: '50', price: '50' },
  ],
  amount: '5000',
  positions: { AAA: '30', BBB: '10', ZZZ: '10' },
  lots: [
    lot('a-low', 'AAA', '25', '20', '2019-03-04'),
    lot('a-high', 'AAA', '5', '130', '2026-09-01'),
    lot('b', 'BBB', '10', '30', '2020-06-01'),
    lot('z', 'ZZZ', '10', '40', '2018-01-02'),
  ],
  cash: '500',
  prices: { ZZZ: '100' },
  lotMethod,
  today: '2026-11-27',
  realisedNetGain,
});

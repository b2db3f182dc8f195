import fc from 'fast-check';
import type { TaxAwareInput, TaxBudget } from '../replication/tax-budget-types';
import { D, dec, ZERO } from '../shared/decimal';
import type { Lot } from '../tracking/lots';

/** The trade date the generated tax-budget cases sell on. */
export const TAX_TODAY = '2026-11-27';

const LONG_AGO = ['2018-02-05', '2021-06-14', '2024-03-01'];
const RECENT = ['2026-02-10', '2026-08-03', '2026-11-02'];

type LotSpec = { readonly shares: number; readonly costFactor: number; readonly long: boolean };

const lotSpec = (withLosses: boolean) =>
  fc.record({
    shares: fc.integer({ min: 1, max: 40 }),
    // Cost as a fraction of today's price: below 1 a gain, above 1 a loss.
    costFactor: withLosses ? fc.integer({ min: 20, max: 160 }) : fc.integer({ min: 20, max: 100 }),
    long: fc.boolean(),
  });

/**
 * Small tracking: an index of 2–6 stocks, held stocks with 1–3 lots each (some outside the index), cash, and the
 * amount equal to what is held plus the cash (the tracking's engine budget when its target is at least that).
 * `withLosses` false: every lot is at a gain or break-even.
 */
export const taxCaseArbitrary = (options: { withLosses?: boolean; unknownBasis?: boolean } = {}) => {
  const withLosses = options.withLosses ?? true;
  return fc
    .record({
      index: fc.array(
        fc.record({ weight: fc.integer({ min: 1, max: 50 }), price: fc.integer({ min: 5, max: 400 }) }),
        { minLength: 2, maxLength: 6 },
      ),
      outside: fc.array(fc.integer({ min: 5, max: 400 }), { maxLength: 2 }),
      held: fc.array(
        fc.option(fc.array(lotSpec(withLosses), { minLength: 1, maxLength: 3 }), { nil: undefined }),
        {
          minLength: 8,
          maxLength: 8,
        },
      ),
      cash: fc.integer({ min: 0, max: 3000 }),
      method: fc.constantFrom('HIFO', 'FIFO', 'TAX_OPTIMAL' as const),
      fractional: fc.boolean(),
      unknown: options.unknownBasis ? fc.boolean() : fc.constant(false),
    })
    .map(({ index, outside, held, cash, method, fractional, unknown }): TaxAwareInput => {
      const holdings = index.map((item, i) => ({
        symbol: `S${i}`,
        weightPercentage: String(item.weight),
        price: String(item.price),
      }));
      const prices: Record<string, string> = {};
      outside.forEach((price, i) => {
        prices[`X${i}`] = String(price);
      });
      const symbols = [...holdings.map((h) => h.symbol), ...Object.keys(prices)];
      const priceOf = (symbol: string) => prices[symbol] ?? holdings.find((h) => h.symbol === symbol)!.price;
      const positions: Record<string, string> = {};
      const lots: Lot[] = [];
      let value = dec(String(cash));
      symbols.forEach((symbol, i) => {
        const specs: readonly LotSpec[] | undefined = held[i];
        if (!specs) return;
        let shares = 0;
        specs.forEach((spec, k) => {
          const price = dec(priceOf(symbol));
          lots.push({
            lotId: `${symbol}-${k}`,
            symbol,
            shares: new D(spec.shares),
            costPerShare: price.mul(spec.costFactor).div(100).toDecimalPlaces(2),
            acquiredAt: (spec.long ? LONG_AGO : RECENT)[k % 3]!,
            costKnown: !(unknown && k === 0),
            dateKnown: true,
          });
          shares += spec.shares;
        });
        positions[symbol] = String(shares);
        value = value.add(dec(priceOf(symbol)).mul(shares));
      });
      return {
        holdings,
        amount: value.gt(ZERO) ? value.toFixed(2) : '100',
        shareIncrement: fractional ? '0.01' : '0',
        positions,
        lots,
        cash: String(cash),
        prices,
        lotMethod: method,
        today: TAX_TODAY,
        realisedNetGain: '0',
      };
    });
};

export const budgetArbitrary: fc.Arbitrary<TaxBudget> = fc.record({
  maxNetGain: fc.option(
    fc.integer({ min: 0, max: 5000 }).map((n) => String(n)),
    { nil: null },
  ),
  allowShortTermGains: fc.boolean(),
});

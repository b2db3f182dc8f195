import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { replicate } from './replicate';
import type { HoldingInput } from './types';

const simple: HoldingInput[] = [
  { symbol: 'A', weightPercentage: '50', price: '100' },
  { symbol: 'B', weightPercentage: '30', price: '30' },
  { symbol: 'C', weightPercentage: '20', price: '7' },
];

// Targets at $1,884.93 are exactly $710.00, $674.93 and $500.00 (Σw = 188.493, A/Σw = 10).
const sellToCross: HoldingInput[] = [
  { symbol: 'P', weightPercentage: '71', price: '17.70' },
  { symbol: 'Q', weightPercentage: '67.493', price: '61.98' },
  { symbol: 'R', weightPercentage: '50', price: '500' },
];

const isDomainError = (code: string, kind: DomainError['kind']) => (error: unknown) =>
  error instanceof DomainError && error.code === code && error.kind === kind;

describe('replicate', () => {
  describe('When shares are whole', () => {
    it('rounds down and keeps what no share fits as leftover', () => {
      expect(replicate(simple, '1000')).toEqual({
        targetInvestmentAmount: '1000.00',
        investments: [
          { symbol: 'A', numberOfShares: '5', amountInvested: '500.00' },
          { symbol: 'B', numberOfShares: '10', amountInvested: '300.00' },
          { symbol: 'C', numberOfShares: '28', amountInvested: '196.00' },
        ],
        leftoverAmount: '4.00',
        replicationRate: '99.6',
        etfReplicationRate: '99.6',
        etfCoverage: '100',
        excluded: [],
      });
    });

    it('sells a share below target when the cash it frees buys a share that fills more target', () => {
      // Round-down leaves $57.13. The best single buy is P's 41st share (+$2.00 of target); selling one P share
      // and buying Q's 11th (+$55.13 of target, $17.70 lost) is better. Largest-remainder and greedy miss it.
      const result = replicate(sellToCross, '1884.93');
      expect(result.investments).toEqual([
        { symbol: 'P', numberOfShares: '39', amountInvested: '690.30' },
        { symbol: 'Q', numberOfShares: '11', amountInvested: '681.78' },
        { symbol: 'R', numberOfShares: '1', amountInvested: '500.00' },
      ]);
      expect(result.leftoverAmount).toBe('12.85');
      expect(result.replicationRate).toBe('98.954868');
    });

    it('spends cash that cannot raise RR on extra shares, to leave less over', () => {
      const result = replicate(
        [
          { symbol: 'BIG', weightPercentage: '90', price: '1000' },
          { symbol: 'SMALL', weightPercentage: '10', price: '40' },
        ],
        '1300',
      );
      // Targets $1,170 and $130: 1 BIG and 4 SMALL fill $1,130; a 2nd BIG is out of reach even selling SMALL.
      // The $140 left cannot fill any more target, so 3 more SMALL shares (over target) take $120 of it.
      expect(result.investments).toEqual([
        { symbol: 'BIG', numberOfShares: '1', amountInvested: '1000.00' },
        { symbol: 'SMALL', numberOfShares: '7', amountInvested: '280.00' },
      ]);
      expect(result.leftoverAmount).toBe('20.00');
      expect(result.replicationRate).toBe('86.923077');
    });
  });

  describe('When fractional shares are on', () => {
    it('buys multiples of 0.01 share and spends what is left where RR rises most', () => {
      const result = replicate(sellToCross, '1884.93', { shareIncrement: '0.01' });
      expect(result.investments).toEqual([
        { symbol: 'P', numberOfShares: '40.11', amountInvested: '709.947' },
        { symbol: 'Q', numberOfShares: '10.89', amountInvested: '674.9622' },
        { symbol: 'R', numberOfShares: '1', amountInvested: '500.00' },
      ]);
      expect(result.leftoverAmount).toBe('0.0208');
    });
  });

  describe('When some holdings cannot be bought', () => {
    const holdings: HoldingInput[] = [
      { symbol: 'AAPL', weightPercentage: '7', price: '270' },
      { symbol: 'X', weightPercentage: '9', price: null },
      { symbol: 'MSFT', weightPercentage: '6', price: '500' },
      { symbol: 'Z', weightPercentage: '1', price: '0' },
    ];

    it('reports them as excluded and takes the top N among the tradable ones', () => {
      const result = replicate(holdings, '10000', { numberOfWeightings: 1 });
      expect(result.excluded).toEqual([
        { symbol: 'X', reason: 'NO_PRICE' },
        { symbol: 'Z', reason: 'INVALID_PRICE' },
      ]);
      expect(result.investments).toEqual([
        { symbol: 'AAPL', numberOfShares: '37', amountInvested: '9990.00' },
      ]);
      expect(result.etfCoverage).toBe('7');
      // All the money is in AAPL, which is 7 % of the fund: the ETF replication rate says so.
      expect(result.etfReplicationRate).toBe('7');
      expect(result.replicationRate).toBe('99.9');
    });

    it('refuses an ETF with nothing to buy', () => {
      expect(() => replicate([{ symbol: 'X', weightPercentage: '100', price: null }], '1000')).toThrowError(
        expect.objectContaining({ code: 'NO_TRADABLE_HOLDINGS', kind: 'validation' }),
      );
    });
  });

  describe('When top-N weights tie', () => {
    it('breaks the tie by symbol, whatever the input order', () => {
      const tied: HoldingInput[] = [
        { symbol: 'ZZ', weightPercentage: '5', price: '10' },
        { symbol: 'AA', weightPercentage: '5', price: '10' },
      ];
      const result = replicate(tied, '100', { numberOfWeightings: 1 });
      expect(result.investments.map((line) => line.symbol)).toEqual(['AA']);
      expect(replicate([...tied].reverse(), '100', { numberOfWeightings: 1 })).toEqual(result);
    });
  });

  describe('When buying only', () => {
    const positions = { A: '7', OLD: '2' };

    it('keeps every current share, including symbols the ETF no longer holds, and only adds', () => {
      const result = replicate(simple, '1500', { buyOnly: { positions, prices: { OLD: '50' } } });
      const shares = Object.fromEntries(result.investments.map((line) => [line.symbol, line.numberOfShares]));
      expect(Number(shares.A)).toBeGreaterThanOrEqual(7);
      expect(shares.OLD).toBe('2');
      // A is over its $700 target with 7 shares; the new $700 goes to B and C.
      expect(shares).toMatchObject({ A: '7', B: '15' });
    });

    it('refuses an amount below what is already held', () => {
      expect(() => replicate(simple, '500', { buyOnly: { positions: { A: '7' } } })).toThrow(
        expect.objectContaining({ code: 'BUY_ONLY_AMOUNT_BELOW_HOLDINGS' }),
      );
    });

    it('needs a price for every held symbol', () => {
      expect(() => replicate(simple, '1500', { buyOnly: { positions } })).toThrow(
        expect.objectContaining({ code: 'POSITION_WITHOUT_PRICE' }),
      );
    });
  });

  describe('When the input is invalid', () => {
    it.each([
      ['a zero amount', () => replicate(simple, '0'), 'INVALID_AMOUNT'],
      ['a negative amount', () => replicate(simple, '-5'), 'INVALID_AMOUNT'],
      [
        'a fractional top-N',
        () => replicate(simple, '100', { numberOfWeightings: 1.5 }),
        'INVALID_NUMBER_OF_WEIGHTINGS',
      ],
      [
        'a share increment above 1',
        () => replicate(simple, '100', { shareIncrement: '2' }),
        'INVALID_SHARE_INCREMENT',
      ],
      ['a holding listed twice', () => replicate([...simple, simple[0]!], '100'), 'DUPLICATE_HOLDING'],
    ])('rejects %s with a validation error', (_, run, code) => {
      expect(run).toThrow(expect.objectContaining({ code, kind: 'validation' }));
      try {
        run();
      } catch (error) {
        expect(isDomainError(code, 'validation')(error)).toBe(true);
      }
    });
  });
});

import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';
import { describe, expect, it } from 'vitest';
import {
  FILL_MESSAGES,
  type FillDraft,
  fillAmount,
  fillErrors,
  fillToSend,
  initialFill,
  lotGainAt,
  lotMethodName,
  type OpenLot,
  tradeDateToday,
} from './fills-draft';

const TODAY = '2026-11-26';
const buy: AdjustmentOrderLine = { symbol: 'AAPL', orderType: 'BUY', shares: '3' };
const sell: AdjustmentOrderLine = { symbol: 'MSFT', orderType: 'SELL', shares: '5' };
const lots: OpenLot[] = [
  { lotId: 'a', shares: '4', costPerShare: '300', acquiredAt: '2025-01-10' },
  { lotId: 'b', shares: '6', costPerShare: '420.5', acquiredAt: '2026-03-02' },
];
const draft = (over: Partial<FillDraft> = {}): FillDraft => ({ ...initialFill('150.25', TODAY), ...over });

describe('tradeDateToday', () => {
  it('is the New York calendar date, not the UTC one', () => {
    // 03:40 UTC on Nov 27 is 22:40 on Nov 26 in New York (UTC−5 in November).
    expect(tradeDateToday(new Date('2026-11-27T03:40:00Z'))).toBe('2026-11-26');
    expect(tradeDateToday(new Date('2026-11-27T05:00:00Z'))).toBe('2026-11-27');
  });
});

describe('lotMethodName', () => {
  it('names the method in a sentence', () => {
    expect(lotMethodName('HIFO')).toBe('HIFO');
    expect(lotMethodName('TAX_OPTIMAL')).toBe('the tax-optimal order');
    expect(lotMethodName(undefined)).toBe("the tracking's method");
  });
});

describe('fillErrors', () => {
  it('accepts the suggested fill: snapshot price, today, the lot method', () => {
    expect(fillErrors(draft(), buy, [], TODAY)).toEqual({});
    expect(fillErrors(draft(), sell, lots, TODAY)).toEqual({});
  });

  it.each(['', '0', '0.00', 'abc', '-3'])('refuses the price %j', (price) => {
    expect(fillErrors(draft({ price }), buy, [], TODAY).price).toBe(FILL_MESSAGES.price);
  });

  it('reads a price typed with thousands separators', () => {
    expect(fillErrors(draft({ price: '1,089.00' }), buy, [], TODAY)).toEqual({});
  });

  it('refuses a trade date that is missing or after today in New York', () => {
    expect(fillErrors(draft({ tradeDate: '' }), buy, [], TODAY).tradeDate).toBe(FILL_MESSAGES.tradeDate);
    expect(fillErrors(draft({ tradeDate: '2026-11-27' }), buy, [], TODAY).tradeDate).toBe(
      FILL_MESSAGES.future,
    );
    expect(fillErrors(draft({ tradeDate: '2026-11-20' }), buy, [], TODAY)).toEqual({});
  });

  it('wants the chosen lots to add up to the shares sold', () => {
    const chosen = (lotShares: Record<string, string>) => draft({ lotMode: 'chosen', lotShares });
    // 2 + 3 = 5 = the order's shares.
    expect(fillErrors(chosen({ a: '2', b: '3' }), sell, lots, TODAY)).toEqual({});
    // 2 + 2 = 4 ≠ 5.
    expect(fillErrors(chosen({ a: '2', b: '2' }), sell, lots, TODAY).lots).toBe(
      'The lots add up to 4 shares; the order sells 5',
    );
    // Lot a holds 4: 5 from it is too many, although the total matches.
    expect(fillErrors(chosen({ a: '5' }), sell, lots, TODAY).lots).toBe(
      'The lot of Jan 10, 2025 holds only 4 shares',
    );
    expect(fillErrors(chosen({ a: 'x' }), sell, lots, TODAY).lots).toBe(FILL_MESSAGES.lotShares);
  });
});

describe('fillAmount and lotGainAt', () => {
  it('records shares × fill price', () => {
    // 3 × 150.25 = 450.75
    expect(fillAmount(buy, draft())?.toFixed()).toBe('450.75');
    expect(fillAmount(buy, draft({ price: 'x' }))).toBeNull();
  });

  it('gives the gain of the shares taken from a lot at the fill price', () => {
    // Lot b cost 420.50; 3 shares sold at 400: (400 − 420.50) × 3 = −61.50
    expect(lotGainAt(lots[1] as OpenLot, dec('3'), dec('400'))?.toFixed()).toBe('-61.5');
  });

  it('knows no gain for a lot whose cost the broker file did not give', () => {
    expect(lotGainAt({ ...(lots[1] as OpenLot), costPerShare: null }, dec('3'), dec('400'))).toBeNull();
  });
});

describe('fillToSend', () => {
  it('sends the price, and the date only when it is not today (today is recorded as now)', () => {
    expect(fillToSend(buy, draft(), [], TODAY)).toEqual({
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '3',
      price: '150.25',
    });
    expect(fillToSend(buy, draft({ price: '1,089', tradeDate: '2026-11-02' }), [], TODAY)).toEqual({
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '3',
      price: '1089',
      executedAt: '2026-11-02',
    });
  });

  it('names the chosen lots of a SELL (lots left at 0 are not sent), and none when the method picks', () => {
    const chosen = draft({ lotMode: 'chosen', lotShares: { a: '0', b: '5' } });
    expect(fillToSend(sell, chosen, lots, TODAY).lots).toEqual([{ lotId: 'b', shares: '5' }]);
    expect(fillToSend(sell, draft(), lots, TODAY).lots).toBeUndefined();
  });
});

describe('initialFill with the lots a gains budget named (issue 31)', () => {
  const lot = (lotId: string | null, shares: string) => ({
    lotId,
    shares,
    acquiredAt: '2019-03-04',
    costPerShare: '20',
    gain: '400',
    term: 'LONG' as const,
  });

  it('starts with those lots chosen, their shares typed', () => {
    expect(initialFill('100', TODAY, [lot('a', '3'), lot('b', '2')])).toMatchObject({
      lotMode: 'chosen',
      lotShares: { a: '3', b: '2' },
    });
  });

  it('leaves the lot method to choose when a named part has no lot (shares held without one) or none are named', () => {
    expect(initialFill('100', TODAY, [lot('a', '3'), lot(null, '1')])).toMatchObject({
      lotMode: 'method',
      lotShares: {},
    });
    expect(initialFill('100', TODAY)).toMatchObject({ lotMode: 'method', lotShares: {} });
  });
});

import { describe, expect, it } from 'vitest';
import { dec } from '../shared/decimal';
import type { ClosedRow, LedgerLot } from '../tax/ledger-types';
import { portfolioGains } from './gains';

const lot = (over: Partial<LedgerLot>): LedgerLot => ({
  lotId: 'l1',
  trackingId: 'voo',
  symbol: 'AAPL',
  shares: dec('10'),
  basis: dec('1000'),
  acquiredOn: '2026-01-05',
  holdingStart: '2026-01-05',
  adjustments: [],
  ...over,
});
const row = (over: Partial<ClosedRow>): ClosedRow => ({
  saleId: 's1',
  lotId: 'l0',
  trackingId: 'voo',
  symbol: 'AAPL',
  shares: dec('1'),
  acquiredOn: '2024-01-02',
  soldOn: '2025-06-02',
  proceeds: dec('150'),
  basis: dec('100'),
  code: '',
  adjustment: dec('0'),
  gain: dec('50'),
  term: 'LONG',
  harvestId: null,
  ...over,
});

describe('Account gains from the ledger', () => {
  const prices: Record<string, string> = { AAPL: '120', MSFT: '300' };
  const gains = portfolioGains(
    {
      openLots: [
        // Short term (held since 2026-01-05, today 2026-11-27): 10 × 120 − 1,000 = +200.
        lot({}),
        // Long term (since 2024-03-01): 2 × 300 − 700 = −100.
        lot({ lotId: 'l2', symbol: 'MSFT', shares: dec('2'), basis: dec('700'), holdingStart: '2024-03-01' }),
        // Unknown cost: counted apart.
        lot({ lotId: 'l3', basis: null }),
        // A deleted tracking's lot: not in the portfolio.
        lot({ lotId: 'l4', trackingId: 'gone' }),
      ],
      closedRows: [
        row({}),
        // 2026 short-term loss with a $30 wash-sale adjustment: gain −20 (proceeds − basis + adjustment).
        row({
          saleId: 's2',
          soldOn: '2026-03-01',
          term: 'SHORT',
          gain: dec('-20'),
          adjustment: dec('30'),
          code: 'W',
        }),
        // Unknown basis: no gain invented.
        row({ saleId: 's3', soldOn: '2026-04-01', term: 'UNKNOWN', basis: null, gain: null }),
      ],
    },
    {
      trackingIds: new Set(['voo']),
      priceOf: (_tracking, symbol) => (prices[symbol] ? dec(prices[symbol] as string) : null),
      today: '2026-11-27',
    },
  );

  it('values open lots at the latest prices, by term, leaving unknown ones out', () => {
    expect(gains.unrealised).toEqual({ shortTerm: '200', longTerm: '-100', total: '100', unknownLots: 1 });
  });

  it('sums realised gains per year, newest first, with the disallowed losses', () => {
    expect(gains.realised).toEqual([
      { year: 2026, shortTerm: '-20', longTerm: '0', total: '-20', disallowed: '30' },
      { year: 2025, shortTerm: '0', longTerm: '50', total: '50', disallowed: '0' },
    ]);
  });

  it('always lists the current year', () => {
    const none = portfolioGains(
      { openLots: [], closedRows: [] },
      { trackingIds: new Set(), priceOf: () => null, today: '2026-11-27' },
    );
    expect(none.realised).toEqual([
      { year: 2026, shortTerm: '0', longTerm: '0', total: '0', disallowed: '0' },
    ]);
    expect(none.unrealised.total).toBe('0');
  });
});

import type {
  AccountRealizedGainsResponse,
  LotsResponse,
  RealizedGainsResponse,
  WashWindowsResponse,
} from '@etf-replicator/core/contracts/taxes';

/**
 * Issue 26's example: 10 AAPL imported at $500 (Jul 27, 2026), sold at $400 on Nov 20, 2026 (loss $1,000), bought
 * back at $410 the same day. The whole loss is disallowed (10 of 10 shares replaced): the sale is a W row with
 * adjustment $1,000 and (h) = 4,000 − 5,000 + 1,000 = $0; the new lot's basis is 4,100 + 1,000 = $5,100 and its
 * holding period starts 116 days before Nov 20 (the days the sold shares were held): Jul 27, 2026.
 */
export const washSaleRow = {
  saleId: 'sale-w',
  lotId: 'lot-import',
  trackingId: 'trk-1',
  symbol: 'AAPL',
  shares: '10',
  acquiredOn: '2026-07-27',
  soldOn: '2026-11-20',
  acquiredAt: '2026-07-27',
  soldAt: '2026-11-20',
  proceeds: '4000',
  costBasis: '5000',
  code: 'W',
  adjustment: '1000',
  gain: '0',
  holdingDays: 116,
  term: 'SHORT',
  harvestId: null,
} as const satisfies RealizedGainsResponse['lots'][number];

const year2026 = {
  year: 2026,
  proceeds: '4000',
  costBasis: '5000',
  shortTerm: '0',
  longTerm: '0',
  total: '0',
  harvestedLoss: '0',
  adjustment: '1000',
};

export const washSaleGains: RealizedGainsResponse = { year: 2026, lots: [washSaleRow], years: [year2026] };
export const washSaleYears: RealizedGainsResponse = { year: null, lots: [washSaleRow], years: [year2026] };

export const replacementLots: LotsResponse = {
  lotMethod: 'HIFO',
  asOf: '2026-11-20T20:00:00.000Z',
  holdings: [
    {
      symbol: 'AAPL',
      shares: '10',
      costBasis: '5100',
      price: '410',
      marketValue: '4100',
      gain: '-1000',
      gainPercent: '-19.61',
      lots: [
        {
          lotId: 'lot-buyback',
          shares: '10',
          costPerShare: '510',
          costBasis: '5100',
          acquiredAt: '2026-11-20T20:00:00.000Z',
          costKnown: true,
          dateKnown: true,
          adjustment: '1000',
          holdingStart: '2026-07-27',
          washSales: [
            { saleId: 'sale-w', symbol: 'AAPL', soldOn: '2026-11-20', shares: '10', amount: '1000' },
          ],
          price: '410',
          marketValue: '4100',
          gain: '-1000',
          term: 'SHORT',
        },
      ],
    },
    {
      symbol: 'MSFT',
      shares: '3',
      costBasis: null,
      price: '400',
      marketValue: '1200',
      gain: null,
      gainPercent: null,
      lots: [
        {
          lotId: 'lot-unknown',
          shares: '3',
          costPerShare: null,
          costBasis: null,
          acquiredAt: '2026-11-01T00:00:00.000Z',
          costKnown: false,
          dateKnown: false,
          adjustment: '0',
          holdingStart: null,
          washSales: [],
          price: '400',
          marketValue: '1200',
          gain: null,
          term: 'UNKNOWN',
        },
      ],
    },
  ],
};

export const openWindows: WashWindowsResponse = {
  asOf: '2026-11-20T20:00:00.000Z',
  windows: [
    {
      symbol: 'AAPL',
      soldOn: '2026-11-20',
      until: '2026-12-20',
      saleId: 'sale-w',
      trackingId: 'trk-1',
      trackingLabel: 'VOO (created Jul 1, 2026)',
      openLoss: '0',
      unmatchedShares: '0',
      reason: 'AAPL sold at a loss on Nov 20, 2026',
    },
    {
      symbol: 'ZZZ',
      soldOn: '2026-11-18',
      until: '2026-12-18',
      saleId: 'sale-z',
      trackingId: 'trk-2',
      trackingLabel: 'QQQ (created Aug 1, 2026)',
      openLoss: '250',
      unmatchedShares: '5',
      reason: 'ZZZ sold at a loss on Nov 18, 2026',
    },
  ],
};

export const accountGains2026: AccountRealizedGainsResponse = {
  year: 2026,
  rows: [{ ...washSaleRow, trackingLabel: 'VOO (created Jul 1, 2026)' }],
  parts: [
    {
      part: 'I',
      box: 'A',
      proceeds: '4000.00',
      costBasis: '5000.00',
      adjustment: '1000.00',
      gain: '0.00',
      count: 1,
    },
  ],
  years: [year2026],
  totals: year2026,
};

import type { PortfolioResponse } from '@etf-replicator/core/contracts/portfolio';
import { dec } from '@etf-replicator/core/shared/decimal';
import { centsText } from '@/lib/format';

/**
 * A VOO tracking and a QQQ tracking as GET /api/portfolio answers them. Figures add up as the API computes them:
 * AAPL 10 × $270.00 = $2,700.00 (VOO 6 = $1,620.00, QQQ 4 = $1,080.00), MSFT 4 × $500.00 = $2,000.00,
 * NVDA 10 × $200.00 = $2,000.00, XOM 5 × $100.00 = $500.00 → invested $7,200.00. Weights are value / 7,200:
 * AAPL 37.5%, MSFT 27.7777…%, NVDA 27.7777…%, XOM 6.9444…%.
 */
export const twoTrackings = (overrides: Partial<PortfolioResponse> = {}): PortfolioResponse => ({
  revision: '12',
  summary: {
    trackings: 2,
    targetAmount: '10000.00',
    investedValue: '7200.00',
    cash: '2800.00',
    marketValue: '10000.00',
    replicationRate: '91.456',
    pricesAsOf: { from: '2026-11-20', to: '2026-11-24' },
  },
  trackings: [
    {
      trackingId: 'trk-voo',
      symbol: 'VOO',
      label: 'VOO',
      targetAmount: '6000.00',
      marketValue: '6000.00',
      cash: '1880.00',
      replicationRate: '88.1',
      etfReplicationRate: '12.5',
      revision: 7,
    },
    {
      trackingId: 'trk-qqq',
      symbol: 'QQQ',
      label: 'QQQ',
      targetAmount: '4000.00',
      marketValue: '4000.00',
      cash: '920.00',
      replicationRate: '93.2',
      etfReplicationRate: '30.1',
      revision: 5,
    },
  ],
  holdings: [
    holding('AAPL', 'Apple Inc.', 'Information Technology', '270.00', '10', '2700.00', '37.5', '12', '40', [
      { trackingId: 'trk-voo', shares: '6', value: '1620.00', targetShares: '7' },
      { trackingId: 'trk-qqq', shares: '4', value: '1080.00', targetShares: '5' },
    ]),
    holding(
      'MSFT',
      'Microsoft Corp.',
      'Information Technology',
      '500.00',
      '4',
      '2000.00',
      '27.7777777778',
      '4',
      '25',
      [{ trackingId: 'trk-qqq', shares: '4', value: '2000.00', targetShares: '4' }],
    ),
    holding(
      'NVDA',
      'NVIDIA Corp.',
      'Information Technology',
      '200.00',
      '10',
      '2000.00',
      '27.7777777778',
      '12',
      '30',
      [{ trackingId: 'trk-voo', shares: '10', value: '2000.00', targetShares: '12' }],
    ),
    holding('XOM', 'Exxon Mobil Corp.', 'Energy', '100.00', '5', '500.00', '6.9444444444', '0', '0', [
      { trackingId: 'trk-voo', shares: '5', value: '500.00', targetShares: '0' },
    ]),
    holding('JPM', 'JPMorgan Chase & Co.', 'Financials', '300.00', '0', '0', '0', '1', '5', [
      { trackingId: 'trk-voo', shares: '0', value: '0', targetShares: '1' },
    ]),
  ],
  sectors: [
    { sector: 'Information Technology', weight: '93.0555555556', targetWeight: '95' },
    { sector: 'Energy', weight: '6.9444444444', targetWeight: '0' },
    { sector: 'Financials', weight: '0', targetWeight: '5' },
  ],
  overlap: [
    {
      a: 'trk-voo',
      b: 'trk-qqq',
      overlap: '41.25',
      topShared: [
        { symbol: 'AAPL', weight: '7.1' },
        { symbol: 'MSFT', weight: '6.3' },
      ],
    },
  ],
  // VOO buys 3 AAPL and QQQ sells 2: one BUY of 1 at the broker.
  orders: [
    {
      symbol: 'AAPL',
      orderType: 'BUY',
      shares: '1',
      price: '270.00',
      amount: '270.00',
      parts: [
        { trackingId: 'trk-voo', orderType: 'BUY', shares: '3' },
        { trackingId: 'trk-qqq', orderType: 'SELL', shares: '2' },
      ],
    },
    {
      symbol: 'XOM',
      orderType: 'SELL',
      shares: '5',
      price: '100.00',
      amount: '500.00',
      parts: [{ trackingId: 'trk-voo', orderType: 'SELL', shares: '5' }],
    },
    {
      symbol: 'NVDA',
      orderType: 'BUY',
      shares: '2.5',
      price: '200.00',
      amount: '500.00',
      parts: [{ trackingId: 'trk-voo', orderType: 'BUY', shares: '2.5' }],
    },
  ],
  // One by one: 3 AAPL + 2 AAPL = 5 × 270 = 1,350 + 500 + 500 = 2,350; netted: 270 + 500 + 500 = 1,270.
  saving: { ordersBefore: 4, ordersAfter: 3, tradedBefore: '2350.00', tradedAfter: '1270.00' },
  gains: {
    unrealised: { shortTerm: '310.25', longTerm: '-45.5', total: '264.75', unknownLots: 1 },
    realised: [
      { year: 2026, shortTerm: '120.00', longTerm: '0', total: '120.00', disallowed: '15.00' },
      { year: 2025, shortTerm: '-80.40', longTerm: '200.00', total: '119.60', disallowed: '0' },
    ],
  },
  canExecuteNetted: true,
  ...overrides,
});

function holding(
  symbol: string,
  name: string,
  sector: string,
  price: string,
  shares: string,
  value: string,
  weight: string,
  targetShares: string,
  targetWeight: string,
  trackings: PortfolioResponse['holdings'][number]['trackings'],
): PortfolioResponse['holdings'][number] {
  return {
    symbol,
    name,
    sector,
    price,
    shares,
    value,
    weight,
    targetShares,
    targetValue: centsText(dec(targetShares).mul(dec(price))),
    targetWeight,
    trackings,
  };
}

/** The investor has no tracking yet. */
export const noTrackings = (): PortfolioResponse =>
  twoTrackings({
    revision: '0',
    summary: {
      trackings: 0,
      targetAmount: '0',
      investedValue: '0',
      cash: '0',
      marketValue: '0',
      replicationRate: '0',
      pricesAsOf: null,
    },
    trackings: [],
    holdings: [],
    sectors: [],
    overlap: [],
    orders: [],
    saving: { ordersBefore: 0, ordersAfter: 0, tradedBefore: '0', tradedAfter: '0' },
    gains: {
      unrealised: { shortTerm: '0', longTerm: '0', total: '0', unknownLots: 0 },
      realised: [{ year: 2026, shortTerm: '0', longTerm: '0', total: '0', disallowed: '0' }],
    },
  });

/** Only the VOO tracking: no pair to compare, no netting. */
export const oneTracking = (): PortfolioResponse => {
  const both = twoTrackings();
  return {
    ...both,
    summary: { ...both.summary, trackings: 1 },
    trackings: both.trackings.slice(0, 1),
    // VOO's holdings only: QQQ's parts (and MSFT, which only QQQ holds) go with it.
    holdings: both.holdings
      .map((holding) => ({
        ...holding,
        trackings: holding.trackings.filter((part) => part.trackingId === 'trk-voo'),
      }))
      .filter((holding) => holding.trackings.length > 0),
    overlap: [],
    saving: { ordersBefore: 2, ordersAfter: 2, tradedBefore: '1000.00', tradedAfter: '1000.00' },
    orders: both.orders.slice(1),
  };
};

/**
 * Issue 31: VOO under a $0 gains budget for 2026 (its XOM SELL closes a loss lot: 5 × ($100 − $130) = −$150) and
 * QQQ under a 2025 budget, which today's orders do not use.
 */
export const budgetedTrackings = (): PortfolioResponse => {
  const both = twoTrackings();
  const [voo, qqq] = both.trackings as [
    PortfolioResponse['trackings'][number],
    PortfolioResponse['trackings'][number],
  ];
  const xomLot = {
    lotId: 'lot-xom',
    shares: '5',
    acquiredAt: '2026-09-01',
    costPerShare: '130',
    gain: '-150',
    term: 'SHORT' as const,
  };
  return {
    ...both,
    trackings: [
      {
        ...voo,
        taxBudget: {
          year: 2026,
          maxNetGain: '0',
          allowShortTermGains: false,
          applies: true,
          ordersRealisedNetGain: '-150',
        },
      },
      { ...qqq, taxBudget: { year: 2025, maxNetGain: '5000', allowShortTermGains: false, applies: false } },
    ],
    orders: both.orders.map((order) =>
      order.symbol === 'XOM'
        ? { ...order, parts: order.parts.map((part) => ({ ...part, lots: [xomLot] })) }
        : order,
    ),
  };
};

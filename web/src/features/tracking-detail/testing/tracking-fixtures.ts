import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';

/** A VOO tracking with whole shares, one position to liquidate and one fractional suggestion. */
export const trackingDetail = (overrides: Partial<TrackingDetail> = {}): TrackingDetail => ({
  trackingId: 'trk-1',
  symbol: 'VOO',
  adjustmentOrders: [
    { symbol: 'NVDA', orderType: 'BUY', shares: '10' },
    { symbol: 'AAPL', orderType: 'BUY', shares: '7' },
    { symbol: 'MSFT', orderType: 'BUY', shares: '0.5' },
    { symbol: 'OLD', orderType: 'SELL', shares: '2' },
  ],
  currentReplication: {
    targetInvestmentAmount: '10000.00',
    investments: [{ symbol: 'OLD', numberOfShares: '2', amountInvested: '100.00' }],
    leftoverAmount: '9900.00',
  },
  targetReplication: {
    investments: [
      { symbol: 'NVDA', numberOfShares: '10', amountInvested: '2028.90' },
      { symbol: 'AAPL', numberOfShares: '7', amountInvested: '1899.80' },
      { symbol: 'MSFT', numberOfShares: '0.5', amountInvested: '250.00' },
    ],
    leftoverAmount: '5821.30',
  },
  replicationRate: '0.5',
  globalFractionalSharesThreshold: 0,
  numberOfWeightings: 5,
  effectiveNumberOfWeightings: 5,
  numberOfWeightingsCap: 5,
  autoTrackingTargetAmountEnabled: false,
  buyOnly: false,
  targetReplicationRate: '41.785',
  etfReplicationRate: '15.2',
  etfCoverage: '28.76',
  excluded: [],
  prices: { NVDA: '202.89', AAPL: '271.40', MSFT: '500.00', OLD: '50.00' },
  snapshotAsOf: '2025-11-19',
  updatedAt: '2026-07-14T10:00:00.000Z',
  ...overrides,
});

export const emptyHistory = { content: [], totalElements: 0 };

/** GET /lots of the fixture tracking: OLD's two open lots (bought at $40 and $50, now $50), HIFO. */
export const openLots = {
  lotMethod: 'HIFO',
  asOf: '2025-11-19',
  holdings: [
    {
      symbol: 'OLD',
      shares: '2',
      costBasis: '90',
      price: '50',
      marketValue: '100',
      gain: '10',
      gainPercent: '11.11',
      lots: [
        openLot('l1', '1', '40', '2025-03-04T15:00:00.000Z'),
        openLot('l2', '1', '50', '2025-06-10T15:00:00.000Z'),
      ],
    },
  ],
};

function openLot(lotId: string, shares: string, costPerShare: string, acquiredAt: string) {
  return {
    lotId,
    shares,
    costPerShare,
    costBasis: costPerShare,
    acquiredAt,
    costKnown: true,
    dateKnown: true,
    adjustment: '0',
    holdingStart: acquiredAt.slice(0, 10),
    washSales: [],
    price: '50',
    marketValue: '50',
    gain: '0',
    term: 'SHORT',
  };
}

import type {
  HarvestCandidate,
  HarvestResponse,
  LotsResponse,
  RealizedGainsResponse,
  Substitution,
  TaxLossHarvestingResponse,
} from '@etf-replicator/core/contracts/taxes';

/** YYYY-MM-DD `days` after today (UTC), so countdowns read the same whenever the tests run. */
export const dayFromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const lotsResponse = (overrides: Partial<LotsResponse> = {}): LotsResponse => ({
  lotMethod: 'HIFO',
  asOf: '2026-07-14T10:00:00.000Z',
  holdings: [
    {
      symbol: 'NVDA',
      shares: '10',
      costBasis: '1500',
      price: '202.89',
      marketValue: '2028.9',
      gain: '528.9',
      gainPercent: '35.26',
      lots: [
        {
          lotId: 'lot-1',
          shares: '10',
          costPerShare: '150',
          costBasis: '1500',
          acquiredAt: '2025-03-03T10:00:00.000Z',
          costKnown: true,
          dateKnown: true,
          adjustment: '0',
          holdingStart: '2025-03-03',
          washSales: [],
          price: '202.89',
          marketValue: '2028.9',
          gain: '528.9',
          term: 'LONG',
        },
      ],
    },
    {
      symbol: 'INTC',
      shares: '20',
      costBasis: '1000',
      price: '20.50',
      marketValue: '410',
      gain: '-590',
      gainPercent: '-59',
      lots: [
        {
          lotId: 'lot-2',
          shares: '20',
          costPerShare: '50',
          costBasis: '1000',
          acquiredAt: '2026-05-05T10:00:00.000Z',
          costKnown: true,
          dateKnown: true,
          adjustment: '0',
          holdingStart: '2026-05-05',
          washSales: [],
          price: '20.50',
          marketValue: '410',
          gain: '-590',
          term: 'SHORT',
        },
      ],
    },
  ],
  ...overrides,
});

export const candidate = (overrides: Partial<HarvestCandidate> = {}): HarvestCandidate => ({
  symbol: 'INTC',
  name: 'Intel Corp',
  sector: 'Information Technology',
  price: '20.50',
  sharesHeld: '20',
  shares: '20',
  lots: [
    {
      lotId: 'lot-2',
      shares: '20',
      costPerShare: '50',
      costBasis: '1000',
      acquiredAt: '2026-05-05T10:00:00.000Z',
      proceeds: '410',
      loss: '590',
      term: 'SHORT',
    },
  ],
  proceeds: '410',
  costBasis: '1000',
  loss: '590',
  shortTermLoss: '590',
  longTermLoss: '0',
  lossPercent: '59',
  replacements: [
    {
      symbol: 'AMD',
      name: 'Advanced Micro Devices',
      sector: 'Information Technology',
      weight: '0.52',
      price: '150',
    },
    { symbol: 'QCOM', name: 'Qualcomm', sector: 'Information Technology', weight: '0.4', price: '100' },
  ],
  washSale: { status: 'clear' },
  disallowedLoss: '0',
  deductibleLoss: '590',
  ...overrides,
});

export const substitution = (overrides: Partial<Substitution> = {}): Substitution => ({
  symbol: 'INTC',
  replacement: 'QCOM',
  harvestId: 'harvest-1',
  harvestedAt: new Date().toISOString(),
  windowEndsAt: dayFromToday(30),
  daysLeft: 30,
  status: 'window',
  ...overrides,
});

export const harvestingResponse = (
  overrides: Partial<TaxLossHarvestingResponse> = {},
): TaxLossHarvestingResponse => ({
  asOf: '2026-07-14T10:00:00.000Z',
  snapshotAsOf: '2026-05-05',
  minLoss: { amount: '100', percent: '5' },
  candidates: [candidate()],
  substitutions: [],
  ...overrides,
});

export const harvestAnswer: HarvestResponse = {
  harvestId: 'harvest-1',
  orders: [
    { symbol: 'INTC', orderType: 'SELL', shares: '20', price: '20.50', amount: '410' },
    { symbol: 'QCOM', orderType: 'BUY', shares: '4', price: '100', amount: '400' },
  ],
  realisedLoss: '590',
  shortTermLoss: '590',
  longTermLoss: '0',
  leftover: '10',
  substitution: substitution(),
  revision: 12,
};

export const noSales: RealizedGainsResponse = { year: null, lots: [], years: [] };

export const salesIn2026: RealizedGainsResponse = {
  year: 2026,
  lots: [
    {
      saleId: 'sale-1',
      lotId: 'lot-9',
      trackingId: 'tracking-1',
      symbol: 'AAPL',
      shares: '2',
      acquiredOn: '2025-01-02',
      soldOn: '2026-03-03',
      acquiredAt: '2025-01-02',
      soldAt: '2026-03-03',
      proceeds: '500',
      costBasis: '400',
      code: '',
      adjustment: '0',
      gain: '100',
      holdingDays: 425,
      term: 'LONG',
      harvestId: null,
    },
  ],
  years: [
    {
      year: 2026,
      proceeds: '500',
      costBasis: '400',
      shortTerm: '0',
      longTerm: '100',
      total: '100',
      harvestedLoss: '0',
      adjustment: '0',
    },
  ],
};

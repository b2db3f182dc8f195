import { expect } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';

/** What the import tests share: a QQQ preview, the page opened on it, and the labels they use. */
export const preview = {
  etfSymbol: 'QQQ',
  source: { id: 'plain', name: 'symbol,shares[,costBasis,acquired]' },
  recorded: [
    {
      line: 2,
      symbol: 'NVDA',
      shares: '7',
      price: '202.89',
      value: '1420.23',
      costBasis: '1000.00',
      basisKnown: true,
      acquired: '2024-02-01',
      dateKnown: true,
    },
  ],
  ignored: [{ line: 3, symbol: 'ZZZZ', reason: 'kept outside the tracking: not a holding of QQQ' }],
  importedValue: '1420.23',
  cashAmount: '0.00',
  targetFrom: 'request',
  targetInvestmentAmount: '2000.00',
  leftoverAmount: '579.77',
  orders: [{ symbol: 'AAPL', orderType: 'BUY', shares: '2' }],
  replicationRate: '40',
  notes: ['Each row becomes one tax lot.'],
  pricesAsOf: { from: '2025-10-30', to: '2025-11-18' },
};

export const open = (routes: Parameters<typeof mockApi>[0] = {}) => {
  setSession({ accessToken: makeAccessToken() });
  const api = mockApi({
    'GET /api/etf/etf-info': json(404, { message: 'not needed' }),
    'GET /api/etf/etf-holdings': json(200, []),
    'GET /api/trackings/check-trackings-number': json(200, true),
    'POST /api/trackings/import/preview': json(200, preview),
    'POST /api/trackings/import': json(200, { symbol: 'QQQ', trackingId: 'trk-9', preview }),
    'GET /api/trackings/trk-9': json(404, { message: 'Tracking not found' }),
    ...routes,
  });
  return { app: renderApp('/newtracking/QQQ'), api };
};

/** What an import sends by default (issue 31): no limit, and short-term gains off as in the gains budget form. */
export const noShortTermGains = { year: expect.any(Number), maxNetGain: null, allowShortTermGains: false };

export const paste = "Or paste the file's contents";
export const targetLabel = 'Target amount (USD, optional)';
export const confirmName = 'Create tracking with these positions';

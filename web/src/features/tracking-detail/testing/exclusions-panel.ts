import type { TrackingExclusions } from '@etf-replicator/core/contracts/trackings';
import { etfInfo, holdings } from '@/features/etfs/testing/etf-fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { setSession } from '@/testing/session';
import { makeAccessToken } from '@/testing/tokens';
import { emptyHistory, trackingDetail } from './tracking-fixtures';

/** Test-only: the VOO tracking trk-1 with these saved exclusions, opened by a user of `plan` (undefined: Free). */
export const openExclusionsPanel = (
  plan: string | undefined,
  exclusions: TrackingExclusions,
  routes: Parameters<typeof mockApi>[0] = {},
) => {
  setSession({ accessToken: makeAccessToken(plan ? { plan } : {}) });
  const api = mockApi({
    'GET /api/trackings/trk-1': json(200, trackingDetail({ exclusions })),
    'GET /api/etf/etf-info': json(200, etfInfo),
    'GET /api/etf/etf-holdings': json(200, holdings.slice(0, 5)),
    'GET /api/history/trk-1': json(200, emptyHistory),
    ...routes,
  });
  renderApp('/tracking/VOO?id=trk-1');
  return api;
};

import type { MarketRefreshRun } from '@etf-replicator/core/contracts/admin';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { json, mockApi } from '@/testing/mock-api';
import { setSession } from '@/testing/session';
import { adminToken } from '@/testing/tokens';
import { MarketData } from './market-data';

const run = (runId: string, trigger: MarketRefreshRun['trigger'], extra: Partial<MarketRefreshRun> = {}) => ({
  runId,
  trigger,
  status: 'succeeded',
  startedAt: '2026-11-24T21:30:00.000Z',
  finishedAt: '2026-11-24T21:31:00.000Z',
  outcomes: [{ symbol: 'VOO', outcome: 'published' }],
  ...extra,
});

describe('Market data (admin)', () => {
  it('says who started each run, and why an ETF of a command-line run was not published', async () => {
    setSession({ accessToken: adminToken() });
    mockApi({
      'GET /api/admin/market/refreshes': json(200, {
        content: [
          run('r3', 'cli', {
            status: 'failed',
            outcomes: [
              {
                symbol: 'VOO',
                outcome: 'failed',
                reason: 'not published: IWM failed, and a command-line refresh publishes all or nothing',
              },
              { symbol: 'IWM', outcome: 'failed', reason: 'FMP /stable/etf/holdings: unexpected body' },
            ],
          }),
          run('r2', 'admin'),
          run('r1', 'schedule'),
        ],
        totalElements: 3,
        page: 0,
        size: 10,
        provider: 'fmp',
        nextScheduledAt: null,
      }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MarketData />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Refresh runs' });
    const runs = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(runs.map((item) => within(item).getByText(/^(scheduled|started)/).textContent)).toEqual([
      'started with npm run market:refresh',
      'started by an admin',
      'scheduled',
    ]);
    expect(runs[0]).toHaveTextContent('0 published · 0 unchanged · 2 failed');
    expect(runs[0]).toHaveTextContent('IWM: FMP /stable/etf/holdings: unexpected body');
  });
});

import { loadConfig } from '@etf-replicator/api';
import { createPostgresEventStore } from '@etf-replicator/api/event-store/postgres/postgres-event-store';
import { openDatabase } from '@etf-replicator/projections';
import { median, run, type Summary, summarise } from './autocannon-load';

/** Ten trackings of 500 holdings each (issue 29's bench): the S&P 500 funds and the total market, twice or more. */
const ETFS = ['IVV', 'SPY', 'VOO', 'VTI', 'IVV', 'SPY', 'VOO', 'VTI', 'IVV', 'SPY'] as const;
const HOLDINGS = 500;

const call = async (base: string, token: string, method: string, url: string, body?: unknown) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
};

/**
 * Puts the investor on a paid plan the way the accounts feature records it (UserPlanChanged on the user stream),
 * before the server starts: the trackings' views follow the plan the read side knows (Free would cap them at 5
 * holdings), and a load tool cannot act as an admin.
 */
export const recordPaidPlan = async (env: Record<string, string>, userId: string) => {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const db = await openDatabase(
    config.readModels.kind === 'postgres'
      ? { url: config.readModels.url }
      : { dataDir: config.readModels.dataDir },
  );
  try {
    const store = await createPostgresEventStore(db);
    const data = {
      userId,
      plan: 'PRO',
      previousPlan: null,
      source: 'admin',
      changedAt: new Date().toISOString(),
    };
    await store.appendToStream(`user-${userId}`, [{ type: 'UserPlanChanged', data }], {
      expectedRevision: 'any',
    });
    await store.close();
  } finally {
    await db.close();
  }
};

/**
 * GET /api/portfolio for an investor with 10 trackings of 500 holdings (every suggested order recorded): p99 of
 * repeated reads on one keep-alive connection (the portfolio unchanged: its cached version), and the median of the
 * first read after a command (the portfolio derived again from the ten stored views and the tax ledger).
 */
export const measurePortfolioRead = async (
  base: string,
  token: string,
  seconds: number,
): Promise<{ read: Summary; coldReadP50Ms: number; holdings: number }> => {
  const trackingIds: string[] = [];
  for (const symbol of ETFS) {
    const { trackingId } = (await call(base, token, 'POST', '/api/trackings', {
      symbol,
      currentReplication: { targetInvestmentAmount: '1000000', investments: [], leftoverAmount: '1000000' },
      fractionalShares: true,
    })) as { trackingId: string };
    await call(
      base,
      token,
      'POST',
      `/api/trackings/${trackingId}/changeNumberOfWeightings?numberOfWeightings=${HOLDINGS}`,
    );
    const { adjustmentOrders } = (await call(base, token, 'GET', `/api/trackings/${trackingId}`)) as {
      adjustmentOrders: { symbol: string; shares: string; orderType: string }[];
    };
    await call(base, token, 'POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, adjustmentOrders);
    trackingIds.push(trackingId);
  }
  const colds: number[] = [];
  for (let i = 0; i < 7; i++) {
    await call(
      base,
      token,
      'POST',
      `/api/trackings/${trackingIds[i % ETFS.length]}/toggleAutoTrackingTargetAmount`,
    );
    const started = performance.now();
    await call(base, token, 'GET', '/api/portfolio');
    colds.push(performance.now() - started);
  }
  const portfolio = (await call(base, token, 'GET', '/api/portfolio')) as { holdings: unknown[] };
  const request = {
    method: 'GET' as const,
    path: '/api/portfolio',
    headers: { authorization: `Bearer ${token}` },
  };
  await run({ url: base, connections: 1, duration: 2, requests: [request] });
  const read = summarise(await run({ url: base, connections: 1, duration: seconds, requests: [request] }));
  return { read, coldReadP50Ms: Math.round(median(colds) * 10) / 10, holdings: portfolio.holdings.length };
};

import { randomUUID } from 'node:crypto';
import type { Position } from '@etf-replicator/core';
import type { TrackingDetail, TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { ROLE_USER } from '../../../auth/session-user';
import { importBundledMarketData } from '../../../market-data/import-bundled';
import type { TestApp } from '../../../testing/test-app';

/** Imports the bundled ETFs and waits until every projection (trackings included) has seen them. */
export const seedMarketForTrackings = async (app: TestApp) => {
  const summary = await importBundledMarketData({ db: app.testDb, eventStore: app.testEventStore });
  const positions = summary.snapshots.map((s) => s.position).filter((p): p is Position => p !== undefined);
  const target = positions.sort((a, b) => app.testEventStore.comparePositions(a, b)).at(-1);
  if (target && !(await app.projections.waitForPosition(target, { timeoutMs: 60_000 }))) {
    throw new Error('Projections did not catch up with the market data');
  }
};

/** Gives `userId` an account with `email` (UserRegistered), as e-mails to the investor need; waits for the read side. */
export const registerAccount = async (
  app: TestApp,
  userId: string,
  email: string,
  [firstName, lastName]: readonly [string, string],
) => {
  const data = {
    userId,
    email,
    firstName,
    lastName,
    signInMethod: 'emailpassword',
    registeredAt: new Date().toISOString(),
  };
  const { position } = await app.testEventStore.appendToStream(
    `user-${userId}`,
    [{ type: 'UserRegistered', data }],
    { expectedRevision: 'any' },
  );
  await app.projections.waitForPosition(position, { timeoutMs: 25_000 });
};

/**
 * A signed-in investor talking to the real routes through inject. The plan is recorded as the accounts feature
 * records it (UserPlanChanged on the user stream), so the read side sees the same plan as the token says.
 */
export const trackingClient = async (
  app: TestApp,
  { plan, userId = randomUUID() }: { plan?: string; userId?: string } = {},
) => {
  if (plan) {
    const data = { userId, plan, previousPlan: null, source: 'admin', changedAt: new Date().toISOString() };
    const { position } = await app.testEventStore.appendToStream(
      `user-${userId}`,
      [{ type: 'UserPlanChanged', data }],
      { expectedRevision: 'any' },
    );
    await app.projections.waitForPosition(position, { projections: ['trackings'], timeoutMs: 10_000 });
  }
  const token = app.signAccessToken({
    sub: `${userId}@example.com`,
    userId,
    ...(plan ? { plan } : {}),
    roles: [{ authority: ROLE_USER }],
  });
  const headers = { authorization: `Bearer ${token}` };
  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: response.body ? (response.json() as unknown) : undefined,
      headers: response.headers,
    };
  };
  /** The raw answer (for non-JSON bodies such as CSV). */
  const raw = (url: string) => app.inject({ method: 'GET', url, headers });
  return {
    userId,
    /** The signed-in headers, for requests `call` cannot make (multipart bodies, CSV answers). */
    headers,
    call,
    raw,
    replicate: (etfSymbol: string, investmentAmount: string) =>
      call('GET', `/api/replication/replicate?etfSymbol=${etfSymbol}&investmentAmount=${investmentAmount}`),
    create: (symbol: string, amount: string | number) =>
      call('POST', '/api/trackings', {
        symbol,
        currentReplication: { targetInvestmentAmount: amount, investments: [], leftoverAmount: amount },
      }),
    detail: async (trackingId: string) =>
      (await call('GET', `/api/trackings/${trackingId}`)).body as TrackingDetail,
    execute: (
      trackingId: string,
      order: { symbol: string; shares: string; orderType: 'BUY' | 'SELL' },
      key?: string,
    ) =>
      call(
        'POST',
        `/api/trackings/${trackingId}/applyAdjustmentOrders`,
        order,
        key ? { 'idempotency-key': key } : {},
      ),
    /** Records every order the tracking suggests right now, in one batch (as the investor's "execute all"). */
    executeSuggested: async (trackingId: string) => {
      const { adjustmentOrders } = (await call('GET', `/api/trackings/${trackingId}`)).body as TrackingDetail;
      const orders = adjustmentOrders.map(({ symbol, shares, orderType }) => ({ symbol, shares, orderType }));
      return call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, orders);
    },
    history: (trackingId: string, page = 0, size = 50) =>
      call('GET', `/api/history/${trackingId}?page=${page}&size=${size}`),
    revert: (trackingId: string, actionId: string) =>
      call('POST', `/api/history/${trackingId}/revert`, { actionId }),
  };
};
export type TrackingClient = Awaited<ReturnType<typeof trackingClient>>;

/** Everything a user's trackings and tracking slots hold: unchanged when a request appended nothing. */
export const trackingFootprint = async (app: TestApp, client: TrackingClient) => ({
  trackings: ((await client.call('GET', '/api/trackings/trackings-summary')).body as TrackingSummary[])
    .length,
  quota: (await app.testEventStore.readStream(`trackingquota-${client.userId}`)).length,
});

import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import type { FastifyInstance } from 'fastify';

/** Calls the API as one user through inject; any non-2xx answer stops the script with its message. */
export const demoClient = (app: FastifyInstance, token: string) => {
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : undefined) as T;
  };
  return {
    call,
    create: (symbol: string, amount: string) =>
      call<{ trackingId: string }>('POST', '/api/trackings', {
        symbol,
        currentReplication: { targetInvestmentAmount: amount, investments: [], leftoverAmount: amount },
      }),
    detail: (trackingId: string) => call<TrackingDetail>('GET', `/api/trackings/${trackingId}`),
    execute: (trackingId: string, order: { symbol: string; shares: string; orderType: 'BUY' | 'SELL' }) =>
      call('POST', `/api/trackings/${trackingId}/applyAdjustmentOrders`, order),
    history: (trackingId: string) =>
      call<{ content: { id: string; actionType: string }[] }>(
        'GET',
        `/api/history/${trackingId}?page=0&size=50`,
      ),
  };
};

import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';

/**
 * Appends `total` valid tracking events straight to the log (streams of one TrackingCreated and 99 orders), for
 * measuring how fast projections rebuild. Orders alternate BUY and SELL of one share so positions stay valid.
 */
export const appendSyntheticTrackings = async (
  store: EventStore,
  {
    total,
    symbol,
    buySymbols,
    price,
  }: { total: number; symbol: string; buySymbols: readonly string[]; price: string },
) => {
  const perStream = 100;
  const occurredAt = new Date().toISOString();
  for (let written = 0; written < total; written += perStream) {
    const trackingId = randomUUID();
    const userId = `bench-${trackingId.slice(0, 8)}`;
    const count = Math.min(perStream, total - written);
    const events = [
      {
        type: 'TrackingCreated',
        data: {
          trackingId,
          userId,
          symbol,
          targetAmount: '10000.00',
          fractionalShares: false,
          autoTracking: false,
          numberOfWeightings: 5,
          occurredAt,
        },
      },
      ...Array.from({ length: count - 1 }, (_, i) => ({
        type: 'OrderExecuted',
        data: {
          symbol: buySymbols[Math.floor(i / 2) % buySymbols.length] as string,
          orderType: i % 2 === 0 ? 'BUY' : 'SELL',
          shares: '1',
          price,
          amount: price,
          occurredAt,
        },
      })),
    ];
    await store.appendToStream(`tracking-${trackingId}`, events, { expectedRevision: 'no_stream' });
  }
};

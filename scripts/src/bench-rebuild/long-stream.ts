import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';

/**
 * One tracking of `orders` BUY 1 share orders (as many open lots), like the long stream bench:api leaves in the log:
 * what a rebuild of the trackings projection pays for a tracking whose lots keep growing. Appended in chunks (the
 * log holds the same events as one append per order would leave, in the same order).
 */
export const appendLongStream = async (
  store: EventStore,
  { orders, symbol, buySymbol, price }: { orders: number; symbol: string; buySymbol: string; price: string },
): Promise<void> => {
  const trackingId = randomUUID();
  const streamId = `tracking-${trackingId}`;
  const occurredAt = new Date().toISOString();
  let next = await store.appendToStream(
    streamId,
    [
      {
        type: 'TrackingCreated',
        data: {
          trackingId,
          userId: `bench-long-${trackingId.slice(0, 8)}`,
          symbol,
          targetAmount: '1000000.00',
          fractionalShares: false,
          autoTracking: false,
          numberOfWeightings: 5,
          occurredAt,
        },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  const chunk = 500;
  for (let written = 0; written < orders; written += chunk) {
    const count = Math.min(chunk, orders - written);
    const buy = {
      type: 'OrderExecuted',
      data: { symbol: buySymbol, orderType: 'BUY', shares: '1', price, amount: price, occurredAt },
    };
    next = await store.appendToStream(
      streamId,
      Array.from({ length: count }, () => buy),
      { expectedRevision: next.nextExpectedRevision },
    );
  }
};

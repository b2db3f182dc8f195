import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../testing/test-app';

/**
 * A tracking created on Oct 29, 2025 (its TrackingCreated appended as recorded then), so that fills may be dated
 * Oct 30, before the bundled NFLX 10-for-1 of Nov 17. Resolves once the read models show it.
 */
export const trackingCreatedOct29 = async (
  app: TestApp,
  userId: string,
  { symbol, numberOfWeightings = 10 }: { symbol: string; numberOfWeightings?: number },
): Promise<string> => {
  const trackingId = randomUUID();
  const { position } = await app.testEventStore.appendToStream(
    `tracking-${trackingId}`,
    [
      {
        type: 'TrackingCreated',
        data: {
          trackingId,
          userId,
          symbol,
          targetAmount: '100000',
          fractionalShares: true,
          autoTracking: false,
          numberOfWeightings,
          occurredAt: '2025-10-29T18:00:00.000Z',
        },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await app.projections.waitForPosition(position, { timeoutMs: 60_000 });
  return trackingId;
};

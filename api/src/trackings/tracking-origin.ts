import { trackingStreamId } from '@etf-replicator/core';
import type { FastifyInstance } from 'fastify';

/** Owner and ETF of a tracking, from its first event (the log, not a read model that may lag). */
export const trackingOrigin = async (
  app: FastifyInstance,
  trackingId: string,
): Promise<{ userId: string; symbol: string } | undefined> => {
  const [created] = await app.eventStore.readStream(trackingStreamId(trackingId), { maxCount: 1 });
  if (created?.type !== 'TrackingCreated') return undefined;
  const { userId, symbol } = created.data as { userId?: unknown; symbol?: unknown };
  return typeof userId === 'string' && typeof symbol === 'string' ? { userId, symbol } : undefined;
};

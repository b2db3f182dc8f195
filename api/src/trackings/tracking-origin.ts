import { type Tracking, trackingStreamId } from '@etf-replicator/core';
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

/** The price the tracking last recorded an order of this symbol at (for symbols the newest snapshot lacks). */
export const recordedPriceOf = (state: Tracking, symbol: string): string | undefined => {
  if (state.status === 'Empty') return undefined;
  const last = [...state.actions]
    .reverse()
    .find((action) => action.positionChange?.symbol === symbol && !action.positionChange.shares.isZero());
  return last?.positionChange ? last.cashChange.div(last.positionChange.shares).abs().toFixed() : undefined;
};

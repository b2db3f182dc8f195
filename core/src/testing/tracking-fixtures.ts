import type { DefaultCommandMetadata } from '../shared/decider';
import type { TrackingCommand } from '../tracking/commands';
import type { OrderExecuted, TrackingCreated, TrackingEvent } from '../tracking/events';

/** Test-only builders for tracking commands and events with predictable ids and times. */
export const OWNER = 'user-1';
export const TRACKING_ID = 'trk-1';

export const at = (n: number): string => new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString();

export const metadata = (n: number, actorUserId: string = OWNER): DefaultCommandMetadata => ({
  now: new Date(at(n)),
  eventId: `evt-${n}`,
  actorUserId,
});

export const command = <C extends TrackingCommand>(
  type: C['type'],
  data: C['data'],
  n: number,
  actor?: string,
) => ({ type, data, metadata: metadata(n, actor) }) as C;

export const created = (overrides: Partial<TrackingCreated['data']> = {}): TrackingCreated => ({
  id: 'evt-0',
  type: 'TrackingCreated',
  data: {
    trackingId: TRACKING_ID,
    userId: OWNER,
    symbol: 'VOO',
    targetAmount: '10000.00',
    fractionalShares: false,
    autoTracking: false,
    numberOfWeightings: 10,
    occurredAt: at(0),
    ...overrides,
  },
});

export const event = <E extends TrackingEvent>(
  n: number,
  type: E['type'],
  data: Omit<E['data'], 'occurredAt'>,
) => ({ id: `evt-${n}`, type, data: { ...data, occurredAt: at(n) } }) as E;

/** Event n: a BUY of `shares` at `price` (amount to the cent), dated `executedAt`. */
export const buyOrder = (
  n: number,
  symbol: string,
  shares: string,
  price: string,
  executedAt = '2025-10-30',
): OrderExecuted =>
  event<OrderExecuted>(n, 'OrderExecuted', {
    symbol,
    orderType: 'BUY',
    shares,
    price,
    amount: (Number(shares) * Number(price)).toFixed(2),
    executedAt,
  });

import { type ActiveTracking, dec, type Tracking, type TrackingAction } from '@etf-replicator/core';
import { z } from 'zod';

/**
 * The folded tracking aggregate as JSON (decimals as strings, positions as an object), so the projector can keep it
 * in a jsonb column and fold the next event with core's own `evolve` — one set of rules for both sides.
 */
const actionJson = z.object({
  actionId: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  cashChange: z.string(),
  targetChange: z.string(),
  positionChange: z.object({ symbol: z.string(), shares: z.string() }).nullable(),
  setting: z.object({ name: z.string(), from: z.union([z.boolean(), z.number()]) }).nullable(),
  reverted: z.boolean(),
  revertedBy: z.string().nullable(),
  revertsActionId: z.string().nullable(),
});

export const trackingStateJson = z.object({
  status: z.enum(['Active', 'Deleted']),
  trackingId: z.string(),
  userId: z.string(),
  symbol: z.string(),
  targetAmount: z.string(),
  cash: z.string(),
  positions: z.record(z.string(), z.string()),
  settings: z.object({
    fractionalShares: z.boolean(),
    autoTracking: z.boolean(),
    numberOfWeightings: z.number(),
  }),
  actions: z.array(actionJson),
  createdAt: z.string(),
  deletedAt: z.string().optional(),
});
export type TrackingStateJson = z.infer<typeof trackingStateJson>;

type Folded = Exclude<Tracking, { status: 'Empty' }>;

export const encodeTrackingState = (state: Folded): TrackingStateJson => ({
  status: state.status,
  trackingId: state.trackingId,
  userId: state.userId,
  symbol: state.symbol,
  targetAmount: state.targetAmount.toFixed(),
  cash: state.cash.toFixed(),
  positions: Object.fromEntries([...state.positions].map(([symbol, shares]) => [symbol, shares.toFixed()])),
  settings: { ...state.settings },
  actions: state.actions.map((action) => ({
    ...action,
    cashChange: action.cashChange.toFixed(),
    targetChange: action.targetChange.toFixed(),
    positionChange: action.positionChange
      ? { symbol: action.positionChange.symbol, shares: action.positionChange.shares.toFixed() }
      : null,
    setting: action.setting ? { name: action.setting.name, from: action.setting.from } : null,
  })),
  createdAt: state.createdAt,
  ...(state.status === 'Deleted' ? { deletedAt: state.deletedAt } : {}),
});

export const decodeTrackingState = (json: unknown): Folded => {
  const state = trackingStateJson.parse(json);
  const data: Omit<ActiveTracking, 'status'> = {
    trackingId: state.trackingId,
    userId: state.userId,
    symbol: state.symbol,
    targetAmount: dec(state.targetAmount),
    cash: dec(state.cash),
    positions: new Map(Object.entries(state.positions).map(([symbol, shares]) => [symbol, dec(shares)])),
    settings: state.settings,
    actions: state.actions.map(
      (action) =>
        ({
          ...action,
          cashChange: dec(action.cashChange),
          targetChange: dec(action.targetChange),
          positionChange: action.positionChange
            ? { symbol: action.positionChange.symbol, shares: dec(action.positionChange.shares) }
            : null,
        }) as TrackingAction,
    ),
    createdAt: state.createdAt,
  };
  return state.status === 'Deleted'
    ? { status: 'Deleted', deletedAt: state.deletedAt ?? state.createdAt, ...data }
    : { status: 'Active', ...data };
};

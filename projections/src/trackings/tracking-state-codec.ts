import {
  type ActiveTracking,
  AppendOnlyList,
  dec,
  exclusionsSchema,
  indexDefinitionSchema,
  LotBook,
  type LotClose,
  lotMethodSchema,
  PersistentMap,
  type Tracking,
  type TrackingAction,
  taxBudgetSettingSchema,
} from '@etf-replicator/core';
import { z } from 'zod';

/**
 * The folded tracking aggregate as JSON (decimals as strings, positions as an object), so the projector can keep it
 * in a jsonb column and fold the next event with core's own `evolve` — one set of rules for both sides.
 * The read side stores it WITHOUT the history (`actions: []`): nothing it derives needs the history, and keeping it
 * made every write grow with the tracking's age.
 *
 * The JSON carries its codec version and is decoded strictly. Changing it means a new TRACKING_STATE_CODEC and a
 * new trackings projector version: start-up then rebuilds the rows from the log (upgradeProjections), so no reader
 * ever meets a row in an older shape.
 * Codec 7 (issue 28): the read side keeps the open lots in `tracking_lots` rows (`lots: []` here, `withLots: false`)
 * and names the last event folded in (`lastEventId`), which identifies the state for the projector's cache.
 * Codec 9 (issue 30): the exclusions (and each action's `exclusionsBefore`) carry `industries`.
 */
export const TRACKING_STATE_CODEC = 9;

export const lotJson = z.object({
  lotId: z.string(),
  symbol: z.string(),
  shares: z.string(),
  costPerShare: z.string(),
  acquiredAt: z.string(),
  /** Codec 6 (issue 26): imported lots without a cost basis or a date say so. */
  costKnown: z.boolean(),
  dateKnown: z.boolean(),
});
export type LotJson = z.infer<typeof lotJson>;

export const toLotJson = (lot: LotClose): LotJson => ({
  lotId: lot.lotId,
  symbol: lot.symbol,
  shares: lot.shares.toFixed(),
  costPerShare: lot.costPerShare.toFixed(),
  acquiredAt: lot.acquiredAt,
  costKnown: lot.costKnown,
  dateKnown: lot.dateKnown,
});
export const fromLotJson = (lot: LotJson): LotClose => ({
  ...lot,
  shares: dec(lot.shares),
  costPerShare: dec(lot.costPerShare),
});

const actionJson = z.object({
  actionId: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  cashChange: z.string(),
  targetChange: z.string(),
  positionChange: z.object({ symbol: z.string(), shares: z.string() }).nullable(),
  setting: z
    .object({
      name: z.string(),
      from: z.union([z.boolean(), z.number(), z.string(), taxBudgetSettingSchema, z.null()]),
    })
    .nullable(),
  lots: z.object({ opened: z.boolean(), closed: z.array(lotJson) }).nullable(),
  exclusionsBefore: exclusionsSchema.nullable(),
  /** Codec 8 (issue 30): CHANGE_INDEX entries keep the index before them. */
  indexBefore: indexDefinitionSchema.optional(),
  reverted: z.boolean(),
  revertedBy: z.string().nullable(),
  revertsActionId: z.string().nullable(),
  harvestId: z.string().nullable(),
});

const substitutionJson = z.object({
  harvestId: z.string(),
  symbol: z.string(),
  replacement: z.string(),
  harvestedAt: z.string(),
  kept: z.boolean(),
});

export const trackingStateJson = z.object({
  codec: z.literal(TRACKING_STATE_CODEC),
  status: z.enum(['Active', 'Deleted']),
  trackingId: z.string(),
  userId: z.string(),
  symbol: z.string(),
  /** Codec 8 (issue 30): the index, when it is not just the ETF `symbol`. */
  index: indexDefinitionSchema.optional(),
  targetAmount: z.string(),
  cash: z.string(),
  positions: z.record(z.string(), z.string()),
  settings: z.object({
    fractionalShares: z.boolean(),
    autoTracking: z.boolean(),
    numberOfWeightings: z.number(),
    lotMethod: lotMethodSchema,
    /** Issue 31: the gains budget (absent on states stored before it: none). */
    taxBudget: taxBudgetSettingSchema.nullable().optional(),
  }),
  /** Codec 3: the open lots (issue 19); codec 4 adds the drift alert setting (issue 20). */
  lots: z.array(lotJson),
  actions: z.array(actionJson),
  lastPrices: z.record(z.string(), z.string()),
  buyOnlyActionId: z.string().nullable(),
  /** Codec 3 (issue 20): the drift alert setting and the open alert. */
  driftAlert: z.object({ enabled: z.boolean(), thresholdPoints: z.string() }),
  drift: z.object({ openAlertId: z.string().nullable(), alertedSnapshotIds: z.array(z.string()) }),
  /** Codec 5 (issues 17 and 19): holdings left out by symbol and sector; harvested stocks and their replacements. */
  exclusions: exclusionsSchema,
  substitutions: z.array(substitutionJson),
  createdAt: z.string(),
  deletedAt: z.string().optional(),
  /** Codec 7: the id of the last event folded in (null when the encoder was not told). */
  lastEventId: z.string().nullable(),
});
export type TrackingStateJson = z.infer<typeof trackingStateJson>;

type Folded = Exclude<Tracking, { status: 'Empty' }>;

/** Encodes the state; `withHistory: false` leaves the actions out, `withLots: false` the open lots (see above). */
export const encodeTrackingState = (
  state: Folded,
  {
    withHistory = true,
    withLots = true,
    lastEventId = null,
  }: { withHistory?: boolean; withLots?: boolean; lastEventId?: string | null } = {},
): TrackingStateJson => ({
  codec: TRACKING_STATE_CODEC,
  status: state.status,
  trackingId: state.trackingId,
  userId: state.userId,
  symbol: state.symbol,
  ...(state.index ? { index: state.index } : {}),
  targetAmount: state.targetAmount.toFixed(),
  cash: state.cash.toFixed(),
  positions: Object.fromEntries([...state.positions].map(([symbol, shares]) => [symbol, shares.toFixed()])),
  settings: { ...state.settings },
  lots: withLots ? state.lots.map(toLotJson) : [],
  lastPrices: Object.fromEntries([...state.lastPrices].map(([symbol, price]) => [symbol, price.toFixed()])),
  buyOnlyActionId: state.buyOnlyActionId,
  driftAlert: { ...state.driftAlert },
  exclusions: state.exclusions,
  drift: { openAlertId: state.drift.openAlertId, alertedSnapshotIds: [...state.drift.alertedSnapshotIds] },
  substitutions: state.substitutions.map((sub) => ({ ...sub })),
  actions: (withHistory ? state.actions : []).map((action) => ({
    ...action,
    cashChange: action.cashChange.toFixed(),
    targetChange: action.targetChange.toFixed(),
    positionChange: action.positionChange
      ? { symbol: action.positionChange.symbol, shares: action.positionChange.shares.toFixed() }
      : null,
    setting: action.setting ? { name: action.setting.name, from: action.setting.from } : null,
    lots: action.lots ? { opened: action.lots.opened, closed: action.lots.closed.map(toLotJson) } : null,
  })),
  createdAt: state.createdAt,
  ...(state.status === 'Deleted' ? { deletedAt: state.deletedAt } : {}),
  lastEventId,
});

/**
 * Throws when the stored JSON is not in this codec's shape (see above: it cannot be once start-up has run). `lots`:
 * the open lots kept apart (tracking_lots rows), instead of the JSON's own.
 */
export const decodeTrackingState = (json: unknown, lots?: readonly unknown[]): Folded => {
  const state = trackingStateJson.parse(json);
  const openLots = lots === undefined ? state.lots : lots.map((lot) => lotJson.parse(lot));
  const data: Omit<ActiveTracking, 'status'> = {
    trackingId: state.trackingId,
    userId: state.userId,
    symbol: state.symbol,
    ...(state.index ? { index: state.index } : {}),
    targetAmount: dec(state.targetAmount),
    cash: dec(state.cash),
    positions: PersistentMap.from(
      new Map(Object.entries(state.positions).map(([symbol, shares]) => [symbol, dec(shares)])),
    ),
    settings: state.settings,
    lots: LotBook.from(openLots.map(fromLotJson)),
    lastPrices: PersistentMap.from(
      new Map(Object.entries(state.lastPrices).map(([symbol, price]) => [symbol, dec(price)])),
    ),
    buyOnlyActionId: state.buyOnlyActionId,
    driftAlert: state.driftAlert,
    exclusions: state.exclusions,
    drift: state.drift,
    substitutions: state.substitutions,
    actions: AppendOnlyList.from(
      state.actions.map(
        (action) =>
          ({
            ...action,
            cashChange: dec(action.cashChange),
            targetChange: dec(action.targetChange),
            positionChange: action.positionChange
              ? { symbol: action.positionChange.symbol, shares: dec(action.positionChange.shares) }
              : null,
            lots: action.lots
              ? { opened: action.lots.opened, closed: action.lots.closed.map(fromLotJson) }
              : null,
          }) as TrackingAction,
      ),
    ),
    createdAt: state.createdAt,
  };
  return state.status === 'Deleted'
    ? { status: 'Deleted', deletedAt: state.deletedAt ?? state.createdAt, ...data }
    : { status: 'Active', ...data };
};

import { z } from 'zod';
import type { Event } from '../shared/decider';
import { DECIMAL_STRING } from '../shared/decimal';
import { type EventVersioning, liftToCurrentVersion } from '../shared/event-versions';
import type { UpcasterTable } from '../shared/upcast';
import { LOT_METHODS } from './lots';

/**
 * Tracking events: what happened to one tracking (stream `tracking-{trackingId}`). Money and shares are decimal
 * strings; every event records its own time (`occurredAt`, from the command). Each type has a zod schema and a
 * schema version: events read back are upcast from their version, then validated (`parseTrackingEvent`).
 */
const decimal = z.string().regex(DECIMAL_STRING, 'expected a decimal string');
const signedDecimal = decimal;
const occurredAt = z.iso.datetime({ offset: true });
/** When an order was executed at the broker: an ISO date, or a date-time with its offset. */
export const executedAtSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
export const lotMethodSchema = z.enum(LOT_METHODS);

/** Shares a SELL took from one lot (the lot id is the BUY's event id), with that lot's cost and date. */
export const lotCloseSchema = z.object({
  lotId: z.string().min(1),
  shares: decimal,
  costPerShare: decimal,
  acquiredAt: executedAtSchema,
});

export const orderTypeSchema = z.enum(['BUY', 'SELL']);

export const trackingCreatedSchema = z.object({
  trackingId: z.string().min(1),
  userId: z.string().min(1),
  symbol: z.string().min(1),
  targetAmount: decimal,
  fractionalShares: z.boolean(),
  autoTracking: z.boolean(),
  numberOfWeightings: z.number().int().positive(),
  occurredAt,
});

export const orderExecutedSchema = z.object({
  symbol: z.string().min(1),
  orderType: orderTypeSchema,
  shares: decimal,
  /** Price per share from the snapshot the order was recorded against. */
  price: decimal,
  /** shares × fill price, exact: what the cash moved by. */
  amount: decimal,
  occurredAt,
  /** The price the broker filled at, when the user gave one (absent: `price`). Also the BUY lot's cost per share. */
  fillPrice: decimal.optional(),
  /** When the order was executed, when the user gave it (absent: `occurredAt`). Also the BUY lot's acquired date. */
  executedAt: executedAtSchema.optional(),
  /**
   * SELL: the lots it closed, decided once so that history never changes with the lot method. Absent on SELLs
   * recorded before lots existed: the fold closes those by HIFO (the only method there was).
   */
  lots: z.array(lotCloseSchema).optional(),
});

const targetChangeSchema = z.object({ amount: decimal, targetAmount: decimal, occurredAt });
/** `buyOnly`: the raise invests the new cash without selling; the target keeps every held share until the next change. */
export const targetRaisedSchema = targetChangeSchema.extend({ buyOnly: z.boolean().optional() });
export const targetLoweredSchema = targetChangeSchema;

export const fractionalSharesToggledSchema = z.object({ fractionalShares: z.boolean(), occurredAt });
export const autoTrackingToggledSchema = z.object({ autoTracking: z.boolean(), occurredAt });
export const numberOfWeightingsChangedSchema = z.object({
  numberOfWeightings: z.number().int().positive(),
  previousNumberOfWeightings: z.number().int().positive(),
  occurredAt,
});
export const lotMethodChangedSchema = z.object({
  lotMethod: lotMethodSchema,
  previousLotMethod: lotMethodSchema,
  occurredAt,
});

/**
 * The drift alert setting (issue 20): on/off and how many points the replication rate may fall below the rate the
 * tracking reached after its last executed order. Not an action: it changes no money, so it is not revertible; the
 * previous values are recorded so that history and audit can show the change.
 */
export const driftAlertSettingsChangedSchema = z.object({
  enabled: z.boolean(),
  thresholdPoints: decimal,
  previousEnabled: z.boolean(),
  previousThresholdPoints: decimal,
  occurredAt,
});

/**
 * A new ETF snapshot moved the tracking past its drift alert threshold (issue 20): the replication rate fell
 * `thresholdPoints` or more below the rate reached after the last executed order, or the leftover/over-investment
 * grew by more than `thresholdPoints` % of the target since then. Decided by the drift check after a snapshot; its
 * id derives from the tracking and the snapshot event, so a re-run appends nothing.
 */
export const driftAlertRaisedSchema = z.object({
  snapshotEventId: z.string().min(1),
  userId: z.string().min(1),
  etfSymbol: z.string().min(1),
  /** Rate right after the last executed order (null when only the balance check applied). */
  referenceRate: decimal.nullable(),
  currentRate: decimal,
  thresholdPoints: decimal,
  /** |leftover| or |invested + leftover − target|, whichever is larger, now. */
  outOfBalance: decimal,
  targetAmount: decimal,
  reasons: z.array(z.enum(['rate', 'balance'])).min(1),
  occurredAt,
});

/** The tracking is back within its threshold (a later snapshot); the next crossing may alert again. */
export const driftRecoveredSchema = z.object({
  snapshotEventId: z.string().min(1),
  currentRate: decimal,
  occurredAt,
});

export const actionTypeSchema = z.enum([
  'EXECUTE_ORDER',
  'RAISE_TARGET',
  'LOWER_TARGET',
  'TOGGLE_FRACTIONAL',
  'TOGGLE_AUTO_TRACKING',
  'CHANGE_NUMBER_OF_WEIGHTINGS',
  'CHANGE_LOT_METHOD',
  'REVERT',
]);
export type ActionType = z.infer<typeof actionTypeSchema>;

/** The change a revert applies: signed deltas and the settings it restores. */
export const compensationSchema = z.object({
  cash: signedDecimal,
  targetAmount: signedDecimal,
  positions: z.array(z.object({ symbol: z.string().min(1), shares: signedDecimal })),
  settings: z.object({
    fractionalShares: z.boolean().optional(),
    autoTracking: z.boolean().optional(),
    numberOfWeightings: z.number().int().positive().optional(),
    lotMethod: lotMethodSchema.optional(),
  }),
  /**
   * What the revert does to the lots: a BUY's lot removed (`remove`, lot ids), a SELL's closes opened again
   * (`reopen`). Absent on reverts recorded before lots existed (the fold derives them, see state.ts).
   */
  lots: z
    .object({
      remove: z.array(z.string().min(1)).optional(),
      reopen: z.array(lotCloseSchema.extend({ symbol: z.string().min(1) })).optional(),
    })
    .optional(),
});
export type Compensation = z.infer<typeof compensationSchema>;

export const actionRevertedSchema = z.object({
  /** Id of the event that recorded the reverted action. */
  actionId: z.string().min(1),
  actionType: actionTypeSchema.exclude(['REVERT']),
  compensation: compensationSchema,
  occurredAt,
});

export const trackingDeletedSchema = z.object({ occurredAt });

export const trackingEventSchemas = {
  TrackingCreated: trackingCreatedSchema,
  OrderExecuted: orderExecutedSchema,
  TargetRaised: targetRaisedSchema,
  TargetLowered: targetLoweredSchema,
  FractionalSharesToggled: fractionalSharesToggledSchema,
  AutoTrackingToggled: autoTrackingToggledSchema,
  NumberOfWeightingsChanged: numberOfWeightingsChangedSchema,
  LotMethodChanged: lotMethodChangedSchema,
  ActionReverted: actionRevertedSchema,
  TrackingDeleted: trackingDeletedSchema,
  DriftAlertSettingsChanged: driftAlertSettingsChangedSchema,
  DriftAlertRaised: driftAlertRaisedSchema,
  DriftRecovered: driftRecoveredSchema,
} as const;

export type TrackingEventType = keyof typeof trackingEventSchemas;

/** Current schema version of each event type; the API writes it into the event metadata. */
export const TRACKING_EVENT_SCHEMA_VERSIONS: Readonly<Record<TrackingEventType, number>> = {
  TrackingCreated: 1,
  OrderExecuted: 1,
  TargetRaised: 1,
  TargetLowered: 1,
  FractionalSharesToggled: 1,
  AutoTrackingToggled: 1,
  NumberOfWeightingsChanged: 1,
  LotMethodChanged: 1,
  ActionReverted: 1,
  TrackingDeleted: 1,
  DriftAlertSettingsChanged: 1,
  DriftAlertRaised: 1,
  DriftRecovered: 1,
};

/** Lifts older payloads to the current version; empty while every type is at version 1. */
export const trackingEventUpcasters: UpcasterTable = {};

export const trackingEventVersioning: EventVersioning<TrackingEventType> = {
  current: TRACKING_EVENT_SCHEMA_VERSIONS,
  upcasters: trackingEventUpcasters,
};

/** The version the writer stamps on a new event of this type. */
export const trackingEventSchemaVersion = (type: string): number => {
  if (!isTrackingEventType(type)) throw new Error(`Unknown tracking event type ${type}`);
  return TRACKING_EVENT_SCHEMA_VERSIONS[type];
};

type EventOf<T extends TrackingEventType> = Event<T, z.infer<(typeof trackingEventSchemas)[T]>>;

export type TrackingCreated = EventOf<'TrackingCreated'>;
export type OrderExecuted = EventOf<'OrderExecuted'>;
export type TargetRaised = EventOf<'TargetRaised'>;
export type TargetLowered = EventOf<'TargetLowered'>;
export type FractionalSharesToggled = EventOf<'FractionalSharesToggled'>;
export type AutoTrackingToggled = EventOf<'AutoTrackingToggled'>;
export type NumberOfWeightingsChanged = EventOf<'NumberOfWeightingsChanged'>;
export type LotMethodChanged = EventOf<'LotMethodChanged'>;
export type ActionReverted = EventOf<'ActionReverted'>;
export type TrackingDeleted = EventOf<'TrackingDeleted'>;
export type DriftAlertSettingsChanged = EventOf<'DriftAlertSettingsChanged'>;
export type DriftAlertRaised = EventOf<'DriftAlertRaised'>;
export type DriftRecovered = EventOf<'DriftRecovered'>;

export type TrackingEvent =
  | TrackingCreated
  | OrderExecuted
  | TargetRaised
  | TargetLowered
  | FractionalSharesToggled
  | AutoTrackingToggled
  | NumberOfWeightingsChanged
  | LotMethodChanged
  | ActionReverted
  | TrackingDeleted
  | DriftAlertSettingsChanged
  | DriftAlertRaised
  | DriftRecovered;

export const isTrackingEventType = (type: string): type is TrackingEventType =>
  Object.hasOwn(trackingEventSchemas, type);

/**
 * Validates a stored payload (upcast from its stored `schemaVersion` first; none means 1) and returns the typed type
 * and data. Throws on an unknown type, a version newer than this code knows, or a payload that fails its schema.
 */
export const parseTrackingEvent = (
  type: string,
  data: unknown,
  schemaVersion?: unknown,
  versioning: EventVersioning<TrackingEventType> = trackingEventVersioning,
): Pick<TrackingEvent, 'type' | 'data'> => {
  if (!isTrackingEventType(type)) throw new Error(`Unknown tracking event type ${type}`);
  const lifted = liftToCurrentVersion(versioning, type, data, schemaVersion);
  return { type, data: trackingEventSchemas[type].parse(lifted) } as Pick<TrackingEvent, 'type' | 'data'>;
};

/** A stored event (id, type, data, metadata.schemaVersion) as a validated TrackingEvent. */
export const toTrackingEvent = (recorded: {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: { readonly schemaVersion?: unknown };
}): TrackingEvent =>
  ({
    id: recorded.id,
    ...parseTrackingEvent(recorded.type, recorded.data, recorded.metadata?.schemaVersion),
  }) as TrackingEvent;

import type { z } from 'zod';
import type { Event } from '../shared/decider';
import { type EventVersioning, liftToCurrentVersion } from '../shared/event-versions';
import type { UpcasterTable } from '../shared/upcast';

import { cashAddedSchema } from './event-schemas/cash';
import { corporateActionAppliedSchema } from './event-schemas/corporate-action';
import {
  driftAlertRaisedSchema,
  driftAlertSettingsChangedSchema,
  driftRecoveredSchema,
} from './event-schemas/drift';
import { harvestRecordedSchema, replacementKeptSchema } from './event-schemas/harvest';
import {
  indexChangedSchema,
  positionsImportedSchema,
  trackingCreatedSchema,
  trackingDeletedSchema,
} from './event-schemas/lifecycle';
import { orderExecutedSchema } from './event-schemas/orders';
import { actionRevertedSchema } from './event-schemas/revert';
import {
  autoTrackingToggledSchema,
  fractionalSharesToggledSchema,
  holdingsExcludedSchema,
  holdingsIncludedSchema,
  lotMethodChangedSchema,
  numberOfWeightingsChangedSchema,
  targetLoweredSchema,
  targetRaisedSchema,
} from './event-schemas/settings';
import { taxBudgetSetSchema } from './event-schemas/tax-budget';
import { actionRevertedV1, exclusionChangeV1 } from './exclusion-upcasters';

export * from './event-schemas/cash';
export * from './event-schemas/corporate-action';
export * from './event-schemas/drift';
export * from './event-schemas/harvest';
export * from './event-schemas/lifecycle';
export * from './event-schemas/orders';
export {
  executedAtSchema,
  lotCloseSchema,
  lotMethodSchema,
  orderTypeSchema,
} from './event-schemas/primitives';
export * from './event-schemas/revert';
export * from './event-schemas/settings';
export * from './event-schemas/tax-budget';

/**
 * Tracking events: what happened to one tracking (stream `tracking-{trackingId}`). Money and shares are decimal
 * strings; every event records its own time (`occurredAt`, from the command). Each type has a zod schema and a
 * schema version: events read back are upcast from their version, then validated (`parseTrackingEvent`). The schemas
 * live in event-schemas/ by subject; this module is their catalog.
 */
export const trackingEventSchemas = {
  TrackingCreated: trackingCreatedSchema,
  OrderExecuted: orderExecutedSchema,
  TargetRaised: targetRaisedSchema,
  TargetLowered: targetLoweredSchema,
  FractionalSharesToggled: fractionalSharesToggledSchema,
  AutoTrackingToggled: autoTrackingToggledSchema,
  NumberOfWeightingsChanged: numberOfWeightingsChangedSchema,
  LotMethodChanged: lotMethodChangedSchema,
  HoldingsExcluded: holdingsExcludedSchema,
  HoldingsIncluded: holdingsIncludedSchema,
  ActionReverted: actionRevertedSchema,
  TrackingDeleted: trackingDeletedSchema,
  PositionsImported: positionsImportedSchema,
  DriftAlertSettingsChanged: driftAlertSettingsChangedSchema,
  DriftAlertRaised: driftAlertRaisedSchema,
  DriftRecovered: driftRecoveredSchema,
  HarvestRecorded: harvestRecordedSchema,
  ReplacementKept: replacementKeptSchema,
  CashAdded: cashAddedSchema,
  CorporateActionApplied: corporateActionAppliedSchema,
  IndexChanged: indexChangedSchema,
  TaxBudgetSet: taxBudgetSetSchema,
} as const;

export type TrackingEventType = keyof typeof trackingEventSchemas;

/** Current schema version of each event type; the API writes it into the event metadata. */
export const TRACKING_EVENT_SCHEMA_VERSIONS: Readonly<Record<TrackingEventType, number>> = {
  // v2: may carry `lotMethod` (absent: HIFO); an older build would silently read a TAX_OPTIMAL tracking as HIFO.
  // v3: may carry `index` (absent: the ETF `symbol`); an older build would read a blend as its first ETF.
  TrackingCreated: 3,
  // v2: `fillPrice`, `executedAt`, `lots` and `harvestId` (`amount` is shares × the fill); v1 had none of them.
  OrderExecuted: 2,
  TargetRaised: 1,
  TargetLowered: 1,
  FractionalSharesToggled: 1,
  AutoTrackingToggled: 1,
  NumberOfWeightingsChanged: 1,
  // v2: the method may be TAX_OPTIMAL.
  LotMethodChanged: 2,
  // v2 (issue 30): `industries`, also in `previous`; an older build would drop an industry exclusion.
  HoldingsExcluded: 2,
  HoldingsIncluded: 2,
  // v2 (issue 30): the exclusions a revert restores carry `industries`.
  ActionReverted: 2,
  TrackingDeleted: 1,
  PositionsImported: 1,
  DriftAlertSettingsChanged: 1,
  DriftAlertRaised: 1,
  DriftRecovered: 1,
  HarvestRecorded: 1,
  ReplacementKept: 1,
  CashAdded: 1,
  CorporateActionApplied: 1,
  IndexChanged: 1,
  TaxBudgetSet: 1,
};

/** A version whose fields were only added (optional): a payload of the version before reads as it is. */
const unchanged = (data: unknown) => data;

/**
 * Lifts older payloads to the current version. The exclusion v2s add `industries` (see exclusion-upcasters.ts).
 * The other v2s above only added optional fields, so v1 payloads read as they
 * are; the point of the bump is the other direction: an older build refuses a v2 event instead of misreading it.
 */
export const trackingEventUpcasters: UpcasterTable = {
  TrackingCreated: { 1: unchanged, 2: unchanged },
  OrderExecuted: { 1: unchanged },
  LotMethodChanged: { 1: unchanged },
  HoldingsExcluded: { 1: exclusionChangeV1 },
  HoldingsIncluded: { 1: exclusionChangeV1 },
  ActionReverted: { 1: actionRevertedV1 },
};

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
export type HoldingsExcluded = EventOf<'HoldingsExcluded'>;
export type HoldingsIncluded = EventOf<'HoldingsIncluded'>;
export type ActionReverted = EventOf<'ActionReverted'>;
export type TrackingDeleted = EventOf<'TrackingDeleted'>;
export type PositionsImported = EventOf<'PositionsImported'>;
export type DriftAlertSettingsChanged = EventOf<'DriftAlertSettingsChanged'>;
export type DriftAlertRaised = EventOf<'DriftAlertRaised'>;
export type DriftRecovered = EventOf<'DriftRecovered'>;
export type HarvestRecorded = EventOf<'HarvestRecorded'>;
export type ReplacementKept = EventOf<'ReplacementKept'>;
export type CashAdded = EventOf<'CashAdded'>;
export type CorporateActionApplied = EventOf<'CorporateActionApplied'>;
export type IndexChanged = EventOf<'IndexChanged'>;
export type TaxBudgetSet = EventOf<'TaxBudgetSet'>;

export type TrackingEvent =
  | TrackingCreated
  | OrderExecuted
  | TargetRaised
  | TargetLowered
  | FractionalSharesToggled
  | AutoTrackingToggled
  | NumberOfWeightingsChanged
  | LotMethodChanged
  | HoldingsExcluded
  | HoldingsIncluded
  | ActionReverted
  | TrackingDeleted
  | PositionsImported
  | DriftAlertSettingsChanged
  | DriftAlertRaised
  | DriftRecovered
  | HarvestRecorded
  | ReplacementKept
  | CashAdded
  | CorporateActionApplied
  | IndexChanged
  | TaxBudgetSet;

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

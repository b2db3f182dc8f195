import {
  type EventStore,
  evolve,
  initialState,
  type PlanClaim,
  planSchema,
  type RecordedEvent,
  type Tracking,
  toTrackingEvent,
} from '@etf-replicator/core';
import {
  ETF_SNAPSHOT_PUBLISHED,
  etfSnapshotPublishedSchema,
} from '@etf-replicator/core/market-data/snapshot-event';
import { deriveTrackingView, type TrackingSnapshot, type TrackingView } from './derive-tracking-view';

export type ReplayStep = {
  readonly position: string;
  readonly recordedAt: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly data: unknown;
  readonly actorUserId: string | null;
  /** The tracking as it stood right after this event, with the prices and plan of that moment. */
  readonly status: 'Active' | 'Deleted';
  readonly targetAmount: string;
  readonly cash: string;
  readonly positions: Record<string, string>;
  readonly view: TrackingView;
  /** Which snapshot the view used (its event id and as-of date). */
  readonly snapshot: { readonly eventId: string | null; readonly asOf: string | null } | null;
  readonly plan: PlanClaim;
};

export type ReplayUntil = { readonly position?: string; readonly time?: Date };

const isBefore = (store: EventStore, event: RecordedEvent, until: ReplayUntil | undefined) => {
  if (until?.position && store.comparePositions(event.globalPosition, until.position as never) > 0)
    return false;
  if (until?.time && event.recordedAt.getTime() > until.time.getTime()) return false;
  return true;
};

type FoldedStep = {
  readonly recorded: RecordedEvent;
  readonly state: Exclude<Tracking, { status: 'Empty' }>;
  readonly snapshot: TrackingSnapshot | undefined;
  readonly plan: PlanClaim;
};

/**
 * The tracking's own events folded with core's `evolve` (the one fold), each with the ETF snapshot and the owner's
 * plan that were current at its position. Nothing is derived here: deriving runs the engine, so callers derive only
 * the steps they show. Undefined when the tracking does not exist.
 */
const foldSteps = async (
  store: EventStore,
  trackingId: string,
  until?: ReplayUntil,
): Promise<FoldedStep[] | undefined> => {
  const events = await store.readStream(`tracking-${trackingId}`);
  const created = events[0];
  if (created?.type !== 'TrackingCreated') return undefined;
  const { symbol, userId } = created.data as { symbol: string; userId: string };
  const snapshots = (await store.readStream(`etf-${symbol}`)).filter(
    (event) => event.type === ETF_SNAPSHOT_PUBLISHED,
  );
  const plans = (await store.readStream(`user-${userId}`)).filter(
    (event) => event.type === 'UserPlanChanged',
  );
  const latestBefore = (list: readonly RecordedEvent[], event: RecordedEvent) =>
    list
      .filter((candidate) => store.comparePositions(candidate.globalPosition, event.globalPosition) < 0)
      .at(-1);

  const steps: FoldedStep[] = [];
  let state: Tracking = initialState();
  for (const recorded of events) {
    if (!isBefore(store, recorded, until)) break;
    state = evolve(state, toTrackingEvent(recorded));
    if (state.status === 'Empty') continue;
    const snapshotEvent = latestBefore(snapshots, recorded);
    const content = snapshotEvent ? etfSnapshotPublishedSchema.safeParse(snapshotEvent.data) : undefined;
    const snapshot: TrackingSnapshot | undefined =
      snapshotEvent && content?.success
        ? {
            symbol,
            eventId: snapshotEvent.id,
            asOf: content.data.asOf.holdings,
            holdings: content.data.holdings.map((h) => ({
              symbol: h.symbol,
              weightPercentage: h.weightPercentage,
              price: h.price,
              priceAsOf: h.priceAsOf,
            })),
          }
        : undefined;
    const planEvent = latestBefore(plans, recorded);
    const planParsed = planSchema.safeParse((planEvent?.data as { plan?: unknown } | undefined)?.plan);
    steps.push({ recorded, state, snapshot, plan: planParsed.success ? planParsed.data : null });
  }
  return steps;
};

const derivedStep = ({ recorded, state, snapshot, plan }: FoldedStep): ReplayStep => ({
  position: recorded.globalPosition,
  recordedAt: recorded.recordedAt.toISOString(),
  eventId: recorded.id,
  eventType: recorded.type,
  data: recorded.data,
  actorUserId: (recorded.metadata.actorUserId as string | undefined) ?? null,
  status: state.status,
  targetAmount: state.targetAmount.toFixed(2),
  cash: state.cash.toFixed(2),
  positions: Object.fromEntries([...state.positions].map(([s, shares]) => [s, shares.toFixed()])),
  view: deriveTrackingView({ ...state, status: 'Active' }, snapshot, plan, {
    buyOnly: state.buyOnlyActionId !== null,
  }),
  snapshot: snapshot ? { eventId: snapshot.eventId, asOf: snapshot.asOf } : null,
  plan,
});

/**
 * The tracking's state after each of its events, recomputed from the log alone (the tracking:replay script): folded
 * once, every step derived with the snapshot and plan of its moment. Undefined when the tracking does not exist.
 */
export const replayTracking = async (
  store: EventStore,
  trackingId: string,
  until?: ReplayUntil,
): Promise<ReplayStep[] | undefined> => (await foldSteps(store, trackingId, until))?.map(derivedStep);

/**
 * The tracking as it stood after its last event at or before `until` (support's time travel): the whole stream is
 * folded, and only that step derived. Null when nothing of it was recorded by then; undefined when it does not exist.
 */
export const trackingStateAt = async (
  store: EventStore,
  trackingId: string,
  until?: ReplayUntil,
): Promise<ReplayStep | null | undefined> => {
  const steps = await foldSteps(store, trackingId, until);
  if (!steps) return undefined;
  const last = steps.at(-1);
  return last ? derivedStep(last) : null;
};

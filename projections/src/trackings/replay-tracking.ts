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

/**
 * The tracking's state after each of its events, recomputed from the log alone (support's time travel and the
 * tracking:replay script): its own events folded with core's `evolve`, valued with the ETF snapshot and the
 * owner's plan that were current at that position. Undefined when the tracking does not exist.
 */
export const replayTracking = async (
  store: EventStore,
  trackingId: string,
  until?: ReplayUntil,
): Promise<ReplayStep[] | undefined> => {
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

  const steps: ReplayStep[] = [];
  let state: Tracking = initialState();
  let buyOnlyActionId: string | null = null;
  for (const recorded of events) {
    if (!isBefore(store, recorded, until)) break;
    const event = toTrackingEvent(recorded);
    state = evolve(state, event);
    if (event.type === 'TargetRaised') buyOnlyActionId = event.data.buyOnly ? event.id : null;
    if (event.type === 'TargetLowered') buyOnlyActionId = null;
    if (event.type === 'ActionReverted' && event.data.actionId === buyOnlyActionId) buyOnlyActionId = null;
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
    const plan: PlanClaim = planParsed.success ? planParsed.data : null;
    steps.push({
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
        buyOnly: buyOnlyActionId !== null,
      }),
      snapshot: snapshot ? { eventId: snapshot.eventId, asOf: snapshot.asOf } : null,
      plan,
    });
  }
  return steps;
};

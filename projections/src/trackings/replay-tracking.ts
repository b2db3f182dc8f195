import {
  type EventStore,
  evolve,
  indexLabel,
  initialState,
  type PlanClaim,
  planSchema,
  type RecordedEvent,
  type Tracking,
  toTrackingEvent,
  trackingIndex,
} from '@etf-replicator/core';
import {
  ETF_SNAPSHOT_PUBLISHED,
  etfSnapshotPublishedSchema,
} from '@etf-replicator/core/market-data/snapshot-event';
import { deriveTrackingView, type TrackingSnapshot, type TrackingView } from './derive-tracking-view';
import { snapshotForTracking, snapshotsNeeded } from './index-snapshot';

export type ReplayStep = {
  readonly position: string;
  readonly recordedAt: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly data: unknown;
  readonly actorUserId: string | null;
  /** The tracking as it stood right after this event, with the prices and plan of that moment. */
  readonly status: 'Active' | 'Deleted';
  /** The index the tracking replicated at this step ("VOO", "70 % VTI + 30 % QQQ", "My list (50 stocks)"). */
  readonly index: string;
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
};

/** The ETF snapshot and the owner's plan that were current at an event's position, worked out only when asked. */
type MomentContext = {
  readonly snapshotAt: (recorded: RecordedEvent, state: FoldedStep['state']) => TrackingSnapshot | undefined;
  readonly planAt: (recorded: RecordedEvent) => PlanClaim;
};

/**
 * Streams a caller already read. The tracking's must be its whole stream; the ETF's may be only the snapshots the
 * moments asked for need (the drift check passes just the one in force at the tracking's last order).
 */
export type ReplayStreams = {
  readonly trackingEvents?: readonly RecordedEvent[];
  readonly etfEvents?: readonly RecordedEvent[];
  /**
   * Issue 30: the ETFs a custom list is priced from (every ETF the market data has; the log has no list of streams).
   * Absent: the ETFs the tracking's own events name.
   */
  readonly allEtfs?: readonly string[];
};

/**
 * The tracking's own events folded with core's `evolve` (the one fold). Nothing is derived here: deriving runs the
 * engine, and a snapshot is parsed only for the steps a caller derives (once per snapshot), so time travel to one
 * moment costs one parse and one engine run however long the history. Undefined when the tracking does not exist.
 */
const foldSteps = async (
  store: EventStore,
  trackingId: string,
  until?: ReplayUntil,
  streams: ReplayStreams = {},
): Promise<{ steps: FoldedStep[]; context: MomentContext } | undefined> => {
  const events = streams.trackingEvents ?? (await store.readStream(`tracking-${trackingId}`));
  const created = events[0];
  if (created?.type !== 'TrackingCreated') return undefined;
  const { symbol, userId } = created.data as { symbol: string; userId: string };
  const steps: FoldedStep[] = [];
  let state: Tracking = initialState();
  for (const recorded of events) {
    if (!isBefore(store, recorded, until)) break;
    state = evolve(state, toTrackingEvent(recorded));
    if (state.status === 'Empty') continue;
    steps.push({ recorded, state });
  }
  // Every ETF an index of the tracking ever read (issue 30), each stream read once.
  const named = new Set<string>([symbol]);
  for (const step of steps) for (const etf of neededOf(step.state, streams.allEtfs)) named.add(etf);
  const etfStreams = new Map<string, RecordedEvent[]>();
  for (const etf of named) {
    const read =
      etf === symbol && streams.etfEvents ? streams.etfEvents : await store.readStream(`etf-${etf}`);
    etfStreams.set(
      etf,
      read.filter((event) => event.type === ETF_SNAPSHOT_PUBLISHED),
    );
  }
  const plans = (await store.readStream(`user-${userId}`)).filter(
    (event) => event.type === 'UserPlanChanged',
  );
  const latestBefore = (list: readonly RecordedEvent[], event: RecordedEvent) =>
    list.findLast((candidate) => store.comparePositions(candidate.globalPosition, event.globalPosition) < 0);

  const parsed = new Map<string, TrackingSnapshot | undefined>();
  const parseSnapshot = (etf: string, snapshotEvent: RecordedEvent): TrackingSnapshot | undefined => {
    const content = etfSnapshotPublishedSchema.safeParse(snapshotEvent.data);
    if (!content.success) return undefined;
    return {
      symbol: etf,
      eventId: snapshotEvent.id,
      asOf: content.data.asOf.holdings,
      holdings: content.data.holdings.map((h) => ({
        symbol: h.symbol,
        weightPercentage: h.weightPercentage,
        price: h.price,
        priceAsOf: h.priceAsOf,
        sector: h.sector,
      })),
    };
  };
  const context: MomentContext = {
    snapshotAt: (recorded, at) => {
      const etfAt = (etf: string) => {
        const snapshotEvent = latestBefore(etfStreams.get(etf) ?? [], recorded);
        if (!snapshotEvent) return undefined;
        if (!parsed.has(snapshotEvent.id)) parsed.set(snapshotEvent.id, parseSnapshot(etf, snapshotEvent));
        return parsed.get(snapshotEvent.id);
      };
      return snapshotForTracking(
        at,
        new Map(neededOf(at, streams.allEtfs, named).map((etf) => [etf, etfAt(etf)])),
      );
    },
    planAt: (recorded) => {
      const planEvent = latestBefore(plans, recorded);
      const plan = planSchema.safeParse((planEvent?.data as { plan?: unknown } | undefined)?.plan);
      return plan.success ? plan.data : null;
    },
  };

  return { steps, context };
};

/** The ETFs a state's index reads: its own, a blend's parts, or for a custom list `allEtfs` (else those known). */
const neededOf = (
  state: FoldedStep['state'],
  allEtfs: readonly string[] | undefined,
  known: ReadonlySet<string> = new Set(),
): readonly string[] => {
  const needed = snapshotsNeeded(state);
  return needed === 'all' ? (allEtfs ?? [...known]) : needed;
};

const derivedStep = ({ recorded, state }: FoldedStep, context: MomentContext): ReplayStep => {
  const snapshot = context.snapshotAt(recorded, state);
  const plan = context.planAt(recorded);
  return {
    position: recorded.globalPosition,
    recordedAt: recorded.recordedAt.toISOString(),
    eventId: recorded.id,
    eventType: recorded.type,
    data: recorded.data,
    actorUserId: (recorded.metadata.actorUserId as string | undefined) ?? null,
    status: state.status,
    index: indexLabel(trackingIndex(state)),
    targetAmount: state.targetAmount.toFixed(2),
    cash: state.cash.toFixed(2),
    positions: Object.fromEntries([...state.positions].map(([s, shares]) => [s, shares.toFixed()])),
    view: deriveTrackingView({ ...state, status: 'Active' }, snapshot, plan, {
      buyOnly: state.buyOnlyActionId !== null,
    }),
    snapshot: snapshot ? { eventId: snapshot.eventId, asOf: snapshot.asOf } : null,
    plan,
  };
};

/**
 * The tracking's state after each of its events, recomputed from the log alone (the tracking:replay script): folded
 * once, every step derived with the snapshot and plan of its moment. Undefined when the tracking does not exist.
 */
export const replayTracking = async (
  store: EventStore,
  trackingId: string,
  until?: ReplayUntil,
  streams?: ReplayStreams,
): Promise<ReplayStep[] | undefined> => {
  const folded = await foldSteps(store, trackingId, until, streams);
  return folded?.steps.map((step) => derivedStep(step, folded.context));
};

/**
 * The tracking as it stood after its last event at or before `until` (support's time travel): the whole stream is
 * folded, and only that step derived. Null when nothing of it was recorded by then; undefined when it does not exist.
 */
export const trackingStateAt = async (
  store: EventStore,
  trackingId: string,
  until?: ReplayUntil,
  streams?: ReplayStreams,
): Promise<ReplayStep | null | undefined> => {
  const folded = await foldSteps(store, trackingId, until, streams);
  if (!folded) return undefined;
  const last = folded.steps.at(-1);
  return last ? derivedStep(last, folded.context) : null;
};

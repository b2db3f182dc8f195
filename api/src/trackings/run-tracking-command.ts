import { randomUUID } from 'node:crypto';
import {
  evolve,
  type Tracking,
  type TrackingCommand,
  type TrackingEvent,
  trackingStreamId,
  WrongExpectedVersionError,
} from '@etf-replicator/core';
import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { deriveTrackingView } from '@etf-replicator/projections/trackings/derive-tracking-view';
import { type DerivedView, derivedViews } from '@etf-replicator/projections/trackings/derived-views';
import { snapshotForTracking } from '@etf-replicator/projections/trackings/index-snapshot';
import { getTrackingRecord, type TrackingRecord } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { handleCommand, StaleRevisionError } from '../commands/handle-command';
import { HttpError } from '../http/http-error';
import { ifMatchRevision } from '../http/if-match';
import { type InvestorLedger, noteAppendedEvents } from '../tax/investor-ledger';
import { servedRecord, servedRecordAndLedger } from '../tax/served-detail';
import { followingDecider } from './follow-backdated-buys';
import { indexSnapshots } from './index-market';
import { planOf } from './market-context';
import { loadTracking, trackingCache } from './tracking-loader';
import { TRACKING_READ_MODELS, trackingFolder } from './tracking-streams';

type CommandFor<T extends TrackingCommand['type']> = Extract<TrackingCommand, { type: T }>;
/** A command without its metadata (the runner adds the time, the event id and the acting user). */
export type TrackingCommandInput = {
  [T in TrackingCommand['type']]: Omit<CommandFor<T>, 'metadata'>;
}[TrackingCommand['type']];
type ActiveOrDeleted = Exclude<Tracking, { status: 'Empty' }>;

export const trackingNotFound = () => new HttpError(404, 'Tracking not found');

/**
 * Runs one tracking command for the signed-in user: folds `tracking-{id}`, refuses someone else's tracking as if it
 * did not exist (404, or 403 where the spec says so), decides with core, appends with the expected revision
 * (one retry on a lost race, then 409) and answers once the tracking read models show the change.
 */
export const runTrackingCommand = async <T extends TrackingCommand['type']>(
  app: FastifyInstance,
  {
    type,
    data,
    ...caller
  }: Caller & {
    type: T;
    /** The command's data, from the folded tracking (after the ownership check); may look things up. */
    data: (state: ActiveOrDeleted) => CommandFor<T>['data'] | Promise<CommandFor<T>['data']>;
  },
): Promise<CommandAnswer> =>
  runTrackingCommands(app, {
    ...caller,
    commands: async (state) => [{ type, data: await data(state) } as TrackingCommandInput],
  });

type Caller = {
  trackingId: string;
  userId: string;
  /** The caller's plan claim, for answering from the command's own state if the read model lags. */
  plan?: string | undefined;
  foreign?: 'not_found' | 'forbidden';
  /** The revision the client acted on (If-Match): another one answers 409 instead of acting twice. */
  expectedRevision?: number | undefined;
};

type CommandsInput = Caller & {
  /** The commands, from the folded tracking (after the ownership check); may look things up. */
  commands: (state: ActiveOrDeleted) => Promise<readonly TrackingCommandInput[]>;
};

/**
 * Several commands decided one after the other against the state each leaves, and appended together: one request,
 * all or nothing (issue 32: cash added to reach the target and the orders it pays for). Each event stays an action
 * of its own in the history. Otherwise as runTrackingCommand.
 */
export const runTrackingCommands = async (
  app: FastifyInstance,
  input: CommandsInput,
): Promise<CommandAnswer> => {
  const { record, appended } = await recordCommands(app, input);
  const { served, investor } = await servedRecordAndLedger(app, record);
  const answer = { ...served, appended };
  if (investor) answeredLedgers.set(answer, investor);
  return answer;
};

const answeredLedgers = new WeakMap<CommandAnswer, InvestorLedger>();

/**
 * The investor's ledger a command's answer was served with (it already holds the command's events): a route that
 * needs it again (wash-sale warnings) need not read the investor's trackings a second time.
 */
export const ledgerOfAnswer = (answer: CommandAnswer): InvestorLedger | undefined =>
  answeredLedgers.get(answer);

/** A command's answer: the tracking as served (held-back buys out) and the ids of the events it appended. */
export type CommandAnswer = TrackingRecord & { readonly appended: readonly string[] };

const recordCommands = async (
  app: FastifyInstance,
  { trackingId, userId, commands, plan, foreign = 'not_found', expectedRevision }: CommandsInput,
): Promise<{ record: TrackingRecord; appended: readonly string[] }> => {
  const eventId = randomUUID();
  const derived = new Map<string, DerivedView>();
  const result = await derivedViews
    .run(derived, () =>
      handleCommand(
        app.eventStore,
        trackingStreamId(trackingId),
        trackingFolder,
        async (state) => {
          if (state.status === 'Empty') throw trackingNotFound();
          if (state.userId !== userId) {
            throw foreign === 'forbidden'
              ? new HttpError(403, 'You are not authorized to delete this tracking.')
              : trackingNotFound();
          }
          const now = new Date();
          const decide = followingDecider(app, trackingId, now);
          const events: TrackingEvent[] = [];
          let folded: Tracking = state;
          for (const [index, command] of (await commands(state)).entries()) {
            const metadata = { now, eventId: index === 0 ? eventId : randomUUID(), actorUserId: userId };
            const decided = await decide({ ...command, metadata } as TrackingCommand, folded);
            events.push(...decided);
            folded = decided.reduce(evolve, folded);
          }
          return events;
        },
        { actorUserId: userId, correlationId: eventId },
        {
          cache: trackingCache(app.eventStore),
          ...(expectedRevision === undefined ? {} : { expectedRevision }),
        },
      ),
    )
    .catch(async (error: unknown) => {
      if (!(error instanceof StaleRevisionError || error instanceof WrongExpectedVersionError)) throw error;
      // A lost race deleted the cached entry: the owner check reads the stream (and refreshes the cache), so the
      // owner hears 409, never "not found". Someone else's tracking stays invisible, whatever revision was named.
      const { state } = await loadTracking(app.eventStore, trackingId);
      if (state.status === 'Empty' || state.userId !== userId) {
        throw foreign === 'forbidden'
          ? new HttpError(403, 'You are not authorized to delete this tracking.')
          : trackingNotFound();
      }
      throw new HttpError(409, trackingMessages.changedElsewhere);
    });
  // The answer's ledger then reads nothing back of what the command just appended, nor the other server
  // processes' next command on this tracking.
  noteAppendedEvents(app.eventStore, trackingId, result);
  app.trackingChanges.active(trackingId);
  if (result.position && !result.recovered)
    app.trackingChanges.share({ trackingId, revision: result.revision, appended: result.appended });
  // Applied inline: the view the projector derived in the append's transaction is the read model's row.
  const appended = result.appended.map((event) => event.id);
  const written = derived.get(trackingId);
  if (written) {
    const record = {
      trackingId,
      userId: written.userId,
      symbol: written.symbol,
      deleted: written.deleted,
      streamRevision: written.revision,
      version: `${written.revision}.${Date.parse(written.updatedAt)}`,
      detail: { ...written.view, updatedAt: written.updatedAt, revision: written.revision },
    };
    return { record, appended };
  }
  // Inline projections (PostgreSQL) committed with the append: this resolves at once. Elsewhere it waits, bounded.
  const caughtUp = result.position
    ? await app.projections.waitForPosition(result.position, { projections: [...TRACKING_READ_MODELS] })
    : true;
  const record = await getTrackingRecord(app.db.pool, trackingId);
  if (record && caughtUp) return { record, appended };
  // The read model is behind (bounded wait elapsed): answer from the command's own state, which is the truth.
  if (result.state.status === 'Empty') throw trackingNotFound();
  // The tracking's own index (a blend's or a list's, issue 30), each holding with its industry.
  const snapshot = snapshotForTracking(result.state, await indexSnapshots(app.db.pool, result.state));
  const view = deriveTrackingView({ ...result.state, status: 'Active' }, snapshot, planOf(plan));
  const fallback: TrackingRecord = {
    trackingId,
    userId: result.state.userId,
    symbol: result.state.symbol,
    deleted: result.state.status === 'Deleted',
    streamRevision: record?.streamRevision ?? 0,
    version: record?.version ?? '',
    detail: {
      ...view,
      updatedAt: new Date().toISOString(),
      ...(result.revision >= 0 ? { revision: result.revision } : {}),
    },
  };
  return { record: fallback, appended };
};

/** A tracking the caller may read: their own, or any for an admin (read-only). Others get a 404. */
export const readableTracking = async (
  app: FastifyInstance,
  trackingId: string,
  user: { userId: string; roles: readonly string[] },
): Promise<TrackingRecord> => {
  const record = await getTrackingRecord(app.db.pool, trackingId);
  const visible =
    record && !record.deleted && (record.userId === user.userId || user.roles.includes('ROLE_ADMIN'));
  if (!visible) throw trackingNotFound();
  return servedRecord(app, record);
};

/**
 * Who runs a command on which tracking, read from an authenticated request on `/api/trackings/:trackingId/…`: the
 * signed-in user and plan, and the revision an `If-Match` names (stale writes answer 409).
 */
export const commandCaller = (request: FastifyRequest & { params: { trackingId: string } }) => ({
  trackingId: request.params.trackingId,
  userId: request.user.userId,
  plan: request.user.plan,
  expectedRevision: ifMatchRevision(request),
});

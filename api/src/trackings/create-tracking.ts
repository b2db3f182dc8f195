import { randomUUID } from 'node:crypto';
import {
  AMOUNT_MESSAGES,
  decide,
  type ImportedPositions,
  parseAmount,
  releaseTrackingSlot,
  reserveTrackingSlot,
  trackingLimit,
  trackingQuotaStreamId,
  trackingStreamId,
} from '@etf-replicator/core';
import type { IndexRequest } from '@etf-replicator/core/contracts/indexes';
import type { TaxBudgetRequest } from '@etf-replicator/core/contracts/tax-budget';
import type { CreateTrackingRequest } from '@etf-replicator/core/contracts/trackings';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session-user';
import { commandScopedId } from '../commands/command-scope';
import { handleCommand } from '../commands/handle-command';
import { HttpError } from '../http/http-error';
import { prepareIndex } from './index-market';
import { planOf, requireReplicableSnapshot, weightingsCapFor, weightingsCapOf } from './market-context';
import { TRACKING_READ_MODELS, trackingFolder, trackingQuotaFolder } from './tracking-streams';

/**
 * CreateTracking: first a slot on `trackingquota-{userId}` (appended with the expected revision, so concurrent
 * creations cannot exceed the plan's limit), then `TrackingCreated` on the new stream. Should the second step fail,
 * the slot is released again (and should a crash prevent that, the slot reconciler does it). The tracking starts
 * with all its money as cash and the plan's weightings cap. With an Idempotency-Key the tracking's id comes from the
 * key, so a retry completing a cut-off request completes this very tracking.
 */
export const createTracking = async (
  app: FastifyInstance,
  user: SessionUser,
  request: {
    symbol: string | undefined;
    /** Issue 30: a blend or a custom list instead of one ETF (an `etf` index is the symbol form). */
    index?: IndexRequest | undefined;
    amount: CreateTrackingRequest['currentReplication']['targetInvestmentAmount'];
    fractionalShares?: boolean;
    autoTracking?: boolean;
    /** Issue 17: positions held at a broker, recorded in the same append (a PositionsImported event). */
    importedPositions?: ImportedPositions;
    /** Issue 31: the gains budget the tracking starts with, in the same append (a TaxBudgetSet event). */
    taxBudget?: TaxBudgetRequest;
  },
) => {
  const plan = planOf(user.plan);
  const targetAmount = parseAmount(
    request.amount,
    'currentReplication.targetInvestmentAmount',
    AMOUNT_MESSAGES.wizardInvalid,
  );
  const etf = request.index?.type === 'etf' ? request.index.symbol : request.symbol;
  const prepared =
    request.index && request.index.type !== 'etf'
      ? await prepareIndex(app.db.pool, request.index, plan)
      : null;
  const snapshot = prepared ? null : await requireReplicableSnapshot(app.db.pool, etf ?? '');
  const cap = snapshot
    ? weightingsCapFor(plan, snapshot)
    : weightingsCapOf(plan, prepared?.snapshot.holdings ?? []);
  const symbol = snapshot?.symbol ?? prepared?.tracking.symbol ?? '';
  const trackingId = commandScopedId('tracking');
  const now = new Date();
  const metadata = { actorUserId: user.userId, correlationId: randomUUID() };

  const quota = await handleCommand(
    app.eventStore,
    trackingQuotaStreamId(user.userId),
    trackingQuotaFolder,
    (state) => reserveTrackingSlot(state, { trackingId, limit: trackingLimit(plan), now }),
    metadata,
  );
  if (quota.recovered) await requireUnexpiredReservation(app, user.userId, trackingId);
  try {
    const created = await handleCommand(
      app.eventStore,
      trackingStreamId(trackingId),
      trackingFolder,
      (state) =>
        decide(
          {
            type: 'CreateTracking',
            data: {
              trackingId,
              userId: user.userId,
              symbol,
              ...(prepared ? { index: prepared.index } : {}),
              targetAmount: targetAmount.toFixed(),
              fractionalShares: request.fractionalShares ?? false,
              autoTracking: request.autoTracking ?? false,
              numberOfWeightings: cap,
              plan,
              existingTrackings: quota.state.active.size - 1,
              numberOfWeightingsCap: cap,
              ...(request.importedPositions ? { importedPositions: request.importedPositions } : {}),
              ...(request.taxBudget
                ? { taxBudget: { ...request.taxBudget, eventId: commandScopedId('tax-budget-set') } }
                : {}),
            },
            // Ids from the Idempotency-Key (when there is one): a retry cannot append these events twice.
            metadata: { now, eventId: commandScopedId('tracking-created'), actorUserId: user.userId },
          },
          state,
        ),
      metadata,
    );
    if (created.position) {
      await app.projections.waitForPosition(created.position, { projections: [...TRACKING_READ_MODELS] });
    }
    return { symbol, trackingId };
  } catch (error) {
    await handleCommand(
      app.eventStore,
      trackingQuotaStreamId(user.userId),
      trackingQuotaFolder,
      (state) => releaseTrackingSlot(state, { trackingId, now: new Date() }),
      metadata,
    ).catch((releaseError: unknown) =>
      app.log.error({ err: releaseError, trackingId }, 'could not release a tracking slot'),
    );
    throw error;
  }
};

/**
 * A retry completing a creation a crash cut off finds the reservation it made. Should that reservation have expired
 * meanwhile (the retry came after TRACKING_SLOT_TTL_SECONDS) and the tracking never been created, the request's
 * outcome is that nothing was created: creating it now could pass the plan's limit.
 */
const requireUnexpiredReservation = async (app: FastifyInstance, userId: string, trackingId: string) => {
  if ((await heldSlots(app, userId)).has(trackingId)) return;
  const created = await app.eventStore.readStream(trackingStreamId(trackingId), { maxCount: 1 });
  if (created.length > 0) return;
  throw new HttpError(
    409,
    'This request was cut off and its reservation has expired: nothing was created. Send it again with a new Idempotency-Key.',
  );
};

const heldSlots = async (app: FastifyInstance, userId: string): Promise<ReadonlySet<string>> => {
  const events = await app.eventStore.readStream(trackingQuotaStreamId(userId));
  let state = trackingQuotaFolder.initialState();
  for (const event of events) state = trackingQuotaFolder.evolve(state, trackingQuotaFolder.parse(event));
  return state.active;
};

/** How many trackings the user holds now (the quota stream is the source of truth). */
export const activeTrackings = async (app: FastifyInstance, userId: string): Promise<number> =>
  (await heldSlots(app, userId)).size;

export const releaseSlot = (app: FastifyInstance, userId: string, trackingId: string) =>
  handleCommand(
    app.eventStore,
    trackingQuotaStreamId(userId),
    trackingQuotaFolder,
    (state) => releaseTrackingSlot(state, { trackingId, now: new Date() }),
    { actorUserId: userId },
  );

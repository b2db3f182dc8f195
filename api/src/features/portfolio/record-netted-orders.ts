import { randomUUID } from 'node:crypto';
import { isDomainError, type Tracking, type TrackingCommand } from '@etf-replicator/core';
import { type PortfolioOrdersRequest, portfolioMessages } from '@etf-replicator/core/contracts/portfolio';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerFor } from '../../http/error-status';
import { HttpError } from '../../http/http-error';
import { followingDecider } from '../../trackings/follow-backdated-buys';
import { orderPrices } from '../../trackings/order-prices';
import { runTrackingCommand } from '../../trackings/run-tracking-command';
import { loadTracking } from '../../trackings/tracking-loader';
import {
  appendAllOrNothing,
  type DecidedBatch,
  type RecordedPart,
  recordedEarlier,
  withMultiStreamAppend,
} from './append-netted-batches';
import { type LoadedPortfolio, loadPortfolio } from './load-portfolio';
import { type ExecutedPart, splitExecution } from './netted-execution';

type Active = Exclude<Tracking, { status: 'Empty' }>;
const PORTFOLIO_TAG = /^(?:W\/)?"p([A-Za-z0-9_-]{1,64})"$/;

/** The portfolio revision an `If-Match: "p<revision>"` names: required (428 without), 400 when malformed. */
const ifMatchPortfolio = (request: FastifyRequest): string => {
  const header = request.headers['if-match'];
  if (header === undefined) {
    throw new HttpError(
      428,
      'Send If-Match with the portfolio\'s ETag ("p<revision>") you reviewed the orders in',
    );
  }
  const match = PORTFOLIO_TAG.exec((Array.isArray(header) ? header.join(',') : header).trim());
  if (!match) throw new HttpError(400, 'Invalid If-Match header: send the portfolio\'s ETag, e.g. "pAbC123"');
  return match[1] as string;
};

/** The ExecuteOrders data of one tracking's parts: prices from its snapshot (or the fill), like applyAdjustmentOrders. */
const ordersData = async (app: FastifyInstance, state: Active, parts: readonly ExecutedPart[]) => {
  const prices = await orderPrices(
    app.db.pool,
    state,
    parts.map((part) => part.symbol),
  );
  return {
    orders: parts.map((part) => {
      const price =
        prices.get(part.symbol) ?? (part.fillPrice === undefined ? undefined : String(part.fillPrice));
      if (!price) throw new HttpError(400, `There is no price for ${part.symbol}: enter the fill price`);
      return { ...part, price, eventId: randomUUID() };
    }),
  };
};

/** Test seam: runs between deciding every tracking and appending, where a concurrent command would land. */
export const nettedOrdersSeam: { beforeAppend?: () => Promise<void> } = {};

/**
 * POST /api/portfolio/orders (issue 29 item 2): the netted orders as executed at the broker, split back into each
 * tracking's own orders and recorded as one ExecuteOrders per tracking (one event per order, each revertible on its
 * own in its tracking's history).
 *
 * Every tracking's batch is first DECIDED against its current state (a refusal — a sale beyond what is held, a bad
 * date or price — answers 400 naming the tracking, nothing recorded). Then, all or nothing:
 * - PostgreSQL/PGlite: one multi-stream append, each tracking at the revision the portfolio was built from; a change
 *   to any of them since answers 409 and records nothing. A retry of the Idempotency-Key after a crash finds the
 *   request recorded (or not at all) and answers accordingly.
 * - KurrentDB (no multi-stream transaction): the batches are appended one tracking after the other. Between two
 *   appends there is a window: a change to a later tracking in it makes that append answer 409 after the earlier
 *   trackings were recorded, and the answer says so. The portfolio is re-derived from the trackings, so what was
 *   recorded leaves the netted list and the rest can be recorded again; a crash in the window leaves the same state.
 */
export const recordNettedOrders = async (
  app: FastifyInstance,
  request: FastifyRequest & { body: PortfolioOrdersRequest },
) => {
  const user = request.user;
  const portfolio = await loadPortfolio(app, user);
  if (!portfolio.response.canExecuteNetted) throw new HttpError(403, portfolioMessages.paidPlanOnly);
  const { eventStore } = app;
  const atomic = withMultiStreamAppend(eventStore) ? eventStore : undefined;
  const earlier =
    atomic &&
    (await recordedEarlier(
      eventStore,
      portfolio.response.trackings.map((tracking) => tracking.trackingId),
    ));
  if (earlier) return { portfolio: portfolio.response, recorded: earlier };
  if (ifMatchPortfolio(request) !== portfolio.response.revision) {
    throw new HttpError(409, portfolioMessages.changedElsewhere);
  }
  const parts = splitExecution(portfolio.netted, request.body.orders);
  const batches = await decideAll(app, portfolio, parts, user.userId);
  await nettedOrdersSeam.beforeAppend?.();
  const recorded = atomic
    ? await appendAllOrNothing(atomic, batches, user.userId)
    : await appendOneByOne(app, batches, user);
  return { portfolio: (await loadPortfolio(app, user)).response, recorded };
};

type Batch = DecidedBatch & { readonly data: Awaited<ReturnType<typeof ordersData>> };

/** Without a multi-stream append: tracking after tracking, saying how many were recorded when one has changed. */
const appendOneByOne = async (
  app: FastifyInstance,
  batches: readonly Batch[],
  user: FastifyRequest['user'],
) => {
  const recorded: RecordedPart[] = [];
  for (const batch of batches) {
    try {
      await runTrackingCommand(app, {
        trackingId: batch.trackingId,
        userId: user.userId,
        plan: user.plan,
        expectedRevision: batch.revision,
        type: 'ExecuteOrders',
        data: () => batch.data,
      });
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      throw new HttpError(
        409,
        recorded.length === 0
          ? portfolioMessages.changedElsewhere
          : `${batch.label} changed while the orders were recorded: ${recorded.length} of ${batches.length} trackings recorded their part. ${portfolioMessages.changedElsewhere}`,
      );
    }
    recorded.push({ trackingId: batch.trackingId, orders: batch.orders });
  }
  return recorded;
};

/** Every tracking's batch decided in memory first, so a refusal records nothing anywhere. */
const decideAll = async (
  app: FastifyInstance,
  portfolio: LoadedPortfolio,
  parts: ReadonlyMap<string, readonly ExecutedPart[]>,
  userId: string,
) => {
  const trackings = new Map(portfolio.response.trackings.map((tracking) => [tracking.trackingId, tracking]));
  const batches: Batch[] = [];
  for (const [trackingId, own] of parts) {
    const tracking = trackings.get(trackingId);
    const { state, revision } = await loadTracking(app.eventStore, trackingId);
    if (!tracking || state.status !== 'Active' || state.userId !== userId || revision !== tracking.revision) {
      throw new HttpError(409, portfolioMessages.changedElsewhere);
    }
    try {
      const data = await ordersData(app, state, own);
      const now = new Date();
      // As on the tracking's own route: BUYs dated before a recorded split follow it in the same append (issue 32).
      const events = await followingDecider(
        app,
        trackingId,
        now,
      )(
        {
          type: 'ExecuteOrders',
          data,
          metadata: { now, eventId: randomUUID(), actorUserId: userId },
        } as TrackingCommand,
        state,
      );
      batches.push({ trackingId, revision, label: tracking.label, orders: own.length, events, data });
    } catch (error) {
      if (!isDomainError(error) && !(error instanceof HttpError)) throw error;
      const { status, message } = answerFor(error);
      throw new HttpError(status, `${tracking.label}: ${message}`);
    }
  }
  return batches;
};

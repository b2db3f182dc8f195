import { INDUSTRY_SCREENS, indexComposition, indexLabel } from '@etf-replicator/core';
import {
  changeIndexRequestSchema,
  type IndexPreview,
  indexPreviewRequestSchema,
  indexPreviewResponseSchema,
} from '@etf-replicator/core/contracts/indexes';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { deriveTrackingView } from '@etf-replicator/projections/trackings/derive-tracking-view';
import { readStoredTrackingState } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { investorLedger } from '../../tax/investor-ledger';
import { taxBudgetDerivation } from '../../tax/tax-budget-detail';
import { nyToday } from '../../tax/wash-windows';
import { prepareIndex } from '../../trackings/index-market';
import { planOf } from '../../trackings/market-context';
import { commandCaller, runTrackingCommand, trackingNotFound } from '../../trackings/run-tracking-command';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];

/**
 * Issue 30: change the index a tracking replicates, and preview any index (what it holds, what cannot be bought,
 * its sectors; with a trackingId also the orders it would imply). The issue names the preview
 * "GET /api/indexes/preview (POST body…)": a GET with a body is not portable (fetch refuses it, caches ignore it),
 * so it is a POST that records nothing.
 */
export const indexRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/trackings/:trackingId/index',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['trackings'],
        summary: 'Replicate another index from now on (ChangeIndex; revertible)',
        security,
        params: trackingIdParams,
        body: changeIndexRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'ChangeIndex',
          data: async () => {
            const plan = planOf(request.user.plan);
            const prepared = await prepareIndex(app.db.pool, request.body.index, plan);
            return { index: prepared.index, plan };
          },
        })
      ).detail,
  );

  typed.post(
    '/api/indexes/preview',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'What an index holds and, for a tracking, the orders it would imply (nothing is recorded)',
        security,
        body: indexPreviewRequestSchema,
        response: { 200: indexPreviewResponseSchema },
      },
    },
    async (request): Promise<IndexPreview> => {
      const plan = planOf(request.user.plan);
      const prepared = await prepareIndex(app.db.pool, request.body.index, plan);
      const composition = indexComposition(prepared.resolved);
      const answer: IndexPreview = {
        index: prepared.index,
        label: indexLabel(prepared.index),
        holdings: [...composition.holdings],
        sectors: [...composition.sectors],
        unpriced: [...composition.unpriced],
        unclassifiedWeight: composition.unclassifiedWeight,
        screens: INDUSTRY_SCREENS.map((screen) => ({ ...screen, industries: [...screen.industries] })),
      };
      const { trackingId } = request.body;
      if (trackingId === undefined) return answer;
      const state = await readStoredTrackingState(app.db.pool, trackingId);
      if (state?.status !== 'Active' || state.userId !== request.user.userId) throw trackingNotFound();
      const view = deriveTrackingView({ ...state, ...prepared.tracking }, prepared.snapshot, plan, {
        buyOnly: state.buyOnlyActionId !== null,
        // The gains budget's orders, as the detail's (issue 31).
        ...taxBudgetDerivation(
          await investorLedger(app, state.userId),
          trackingId,
          state.settings.taxBudget,
          nyToday(),
        ),
      });
      return {
        ...answer,
        tracking: {
          targetReplicationRate: view.targetReplicationRate,
          adjustmentOrders: view.adjustmentOrders,
        },
      };
    },
  );
};

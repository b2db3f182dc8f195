import { INDUSTRY_SCREENS, proposedExclusions } from '@etf-replicator/core';
import {
  excludeHoldingsRequestSchema,
  exclusionsPreviewQuerySchema,
  exclusionsPreviewSchema,
  includeHoldingsRequestSchema,
} from '@etf-replicator/core/contracts/exclusions';
import { trackingDetailSchema } from '@etf-replicator/core/contracts/trackings';
import { deriveTrackingView } from '@etf-replicator/projections/trackings/derive-tracking-view';
import { knownIndustries } from '@etf-replicator/projections/trackings/industry-classification';
import { readStoredTrackingState } from '@etf-replicator/projections/trackings/queries';
import { readUserPlan } from '@etf-replicator/projections/trackings/sources';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ordersWithoutPaused } from '../../market-data/corporate-actions/paused-orders';
import { investorLedger } from '../../tax/investor-ledger';
import { taxBudgetDerivation } from '../../tax/tax-budget-detail';
import { nyToday } from '../../tax/wash-windows';
import { planOf } from '../../trackings/market-context';
import {
  commandCaller,
  readableTracking,
  runTrackingCommand,
  trackingNotFound,
} from '../../trackings/run-tracking-command';
import { holdingRefs, requireTrackingSnapshot } from '../../trackings/tracking-snapshot';
import { trackingIdParams } from './tracking-routes';

const security = [{ bearerAuth: [] }];

const screensList = () =>
  INDUSTRY_SCREENS.map(({ id, name, industries }) => ({ id, name, industries: [...industries] }));

/**
 * Exclusions by stock, sector and industry (issues 17 and 30): exclude (POST), take back (DELETE, JSON body), and a
 * preview of the tracking with a proposed set of exclusions (what the panel shows before saving; nothing is
 * recorded). Names are checked against the tracking's own index (a blend's or a list's, not its first ETF's).
 */
export const exclusionRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const command = { onRequest: [app.authenticate], config: { idempotent: true } };

  typed.post(
    '/api/trackings/:trackingId/exclusions',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary:
          'Exclude stocks, sectors, industries and named screens from the tracking (mode "sell": held shares are sold; "keep": kept)',
        security,
        params: trackingIdParams,
        body: excludeHoldingsRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'ExcludeHoldings',
          data: async (state) => ({
            ...request.body,
            plan: planOf(request.user.plan),
            holdings: holdingRefs(await requireTrackingSnapshot(app.db.pool, state)),
            knownIndustries: knownIndustries(),
          }),
        })
      ).detail,
  );

  typed.delete(
    '/api/trackings/:trackingId/exclusions',
    {
      ...command,
      schema: {
        tags: ['trackings'],
        summary: 'Take excluded stocks, sectors, industries and screens back into the tracking',
        security,
        params: trackingIdParams,
        body: includeHoldingsRequestSchema,
        response: { 200: trackingDetailSchema },
      },
    },
    async (request) =>
      (
        await runTrackingCommand(app, {
          ...commandCaller(request),
          type: 'IncludeHoldings',
          data: () => request.body,
        })
      ).detail,
  );

  typed.get(
    '/api/trackings/:trackingId/exclusions/preview',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary:
          'The tracking with exactly these exclusions: what they cost and the orders (nothing is recorded)',
        security,
        params: trackingIdParams,
        querystring: exclusionsPreviewQuerySchema,
        response: { 200: exclusionsPreviewSchema },
      },
    },
    async (request) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const state = await readStoredTrackingState(app.db.pool, record.trackingId);
      if (state?.status !== 'Active') throw trackingNotFound();
      const snapshot = await requireTrackingSnapshot(app.db.pool, state);
      // The plan rule is the owner's: an admin previews with the owner's plan as the detail shows it.
      const plan =
        record.userId === request.user.userId
          ? planOf(request.user.plan)
          : await readUserPlan(app.db.pool, record.userId);
      const tracking = { ...state, status: 'Active' as const };
      const exclusions = proposedExclusions(
        tracking,
        request.query,
        plan,
        holdingRefs(snapshot),
        knownIndustries(),
      );
      const view = deriveTrackingView({ ...tracking, exclusions }, snapshot, plan, {
        buyOnly: state.buyOnlyActionId !== null,
        // The gains budget's orders, as the detail's (issue 31).
        ...taxBudgetDerivation(
          await investorLedger(app, record.userId),
          record.trackingId,
          tracking.settings.taxBudget,
          nyToday(),
        ),
      });
      // The same paused-orders rule as the tracking's page (issue 32): no orders for a flagged holding.
      const { orders, paused } = await ordersWithoutPaused(app, tracking, view);
      return {
        exclusions: view.exclusions ?? {
          ...exclusions,
          excludedWeight: '0',
          etfReplicationRate: '0',
          etfReplicationRateWithout: '0',
          etfSectors: [],
        },
        targetReplicationRate: view.targetReplicationRate,
        adjustmentOrders: orders,
        pausedOrders: paused,
        screens: screensList(),
      };
    },
  );
};

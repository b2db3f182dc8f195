import { dec } from '@etf-replicator/core';
import {
  RATE_HISTORY_LIMIT,
  type RatePoint,
  rateHistorySchema,
} from '@etf-replicator/core/contracts/trackings';
import { getLatestSnapshot } from '@etf-replicator/projections/market-data/latest-snapshot';
import { withIndustries } from '@etf-replicator/projections/trackings/industry-classification';
import { measureAgainstAmount, measureBasis } from '@etf-replicator/projections/trackings/measure-basis';
import { readTrackingStates } from '@etf-replicator/projections/trackings/tracking-states';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { engineHoldings } from '../../trackings/market-context';
import { readableTracking } from '../../trackings/run-tracking-command';
import { alertMarks, snapshotMarks } from './rate-history-marks';
import { trackingIdParams } from './tracking-routes';

/**
 * GET /api/trackings/{id}/rate-history: the rate after each of the tracking's events, measured with today's snapshot
 * (its weights and prices; a held symbol it no longer lists at the detail's price) and the weightings the plan allows
 * today, with the exclusions and harvest substitutions in force after each event — measured exactly as the dashboard
 * measures (measureBasis), so the last point is the dashboard's rate (issue 32). The states come from the tracking_states read model, folded
 * by core's evolve in the projector. The chart also marks the ETF's snapshots published since the tracking began and
 * the tracking's drift alerts (issue 20).
 */
export const rateHistoryRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/trackings/:trackingId/rate-history',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: "The tracking's replication rate after each of its events",
        security: [{ bearerAuth: [] }],
        params: trackingIdParams,
        response: { 200: rateHistorySchema },
      },
    },
    async (request) => {
      const record = await readableTracking(app, request.params.trackingId, request.user);
      const [states, snapshot] = await Promise.all([
        readTrackingStates(app.db.pool, record.trackingId, RATE_HISTORY_LIMIT + 1),
        getLatestSnapshot(app.db.pool, record.symbol),
      ]);
      const truncated = states.length > RATE_HISTORY_LIMIT;
      const shown = truncated ? states.slice(1) : states;
      // Each holding's industry from the bundled classification: industry exclusions (issue 30) measure too.
      const holdings = snapshot
        ? withIndustries({ ...snapshot, holdings: engineHoldings(snapshot) }).holdings
        : [];
      const lastPrices = new Map(Object.entries(record.detail.prices));
      const cap = Math.max(1, record.detail.numberOfWeightingsCap);
      const today = new Date().toISOString().slice(0, 10);
      const points: RatePoint[] = shown.map((state) => {
        const exclusions = state.exclusions ?? { symbols: [], sectors: [] };
        const basis = measureBasis(
          {
            positions: new Map(
              Object.entries(state.positions).map(([symbol, shares]) => [symbol, dec(shares)]),
            ),
            cash: dec(state.cash),
            targetAmount: dec(state.target_amount),
            autoTracking: state.auto_tracking,
            numberOfWeightings: state.number_of_weightings,
            exclusions,
            substitutions: state.substitutions ?? [],
            lastPrices,
          },
          holdings,
          { today, capOf: () => cap },
        );
        const measured = measureAgainstAmount(basis, exclusions);
        return {
          revision: state.stream_revision,
          timestamp: state.occurred_at.toISOString(),
          eventType: state.event_type,
          rate: measured?.replicationRate ?? '0',
          etfRate: measured?.etfReplicationRate ?? '0',
        };
      });
      const since = shown[0]?.occurred_at;
      const [snapshots, alerts] = since
        ? await Promise.all([
            snapshotMarks(app.db.pool, record.symbol, since),
            alertMarks(app.db.pool, record.userId, record.trackingId),
          ])
        : [[], []];
      return { points, truncated, snapshots, alerts };
    },
  );
};

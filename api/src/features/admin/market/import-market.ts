import { marketImportRequestSchema, marketImportResponseSchema } from '@etf-replicator/core/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DatedImportError, importBundledMarketData } from '../../../market-data/import-bundled';
import { checkDriftAfterSnapshots } from '../../../trackings/drift-after-snapshots';

const messageSchema = z.object({ message: z.string() });

/** How long the answer waits for the read models (trackings re-derive after a snapshot) before giving up. */
const CATCH_UP_MS = 120_000;

/**
 * POST /api/admin/market/import {asOf}: the bundled snapshot with that date's closes (per symbol the nearest earlier
 * close where the bundle has none of the date), published like `npm run market:import -- --as-of`. Answers once
 * every projection applied what it appended, so the next request sees the moved trackings.
 */
export const importMarketRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/market/import',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish the bundled snapshot with the closes of a date',
        security: [{ bearerAuth: [] }],
        body: marketImportRequestSchema,
        response: { 200: marketImportResponseSchema, 400: messageSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      const { asOf } = request.body;
      let summary: Awaited<ReturnType<typeof importBundledMarketData>>;
      try {
        summary = await importBundledMarketData({ db: app.db, eventStore: app.eventStore, asOf });
      } catch (error) {
        if (error instanceof DatedImportError) return reply.code(400).send({ message: error.message });
        throw error;
      }
      const positions = summary.snapshots.flatMap((result) => (result.position ? [result.position] : []));
      const last = positions.sort((a, b) => app.eventStore.comparePositions(a, b)).at(-1);
      if (last && !(await app.projections.waitForPosition(last, { timeoutMs: CATCH_UP_MS }))) {
        return reply
          .code(503)
          .send({ message: 'The snapshot is published; the read models are still catching up.' });
      }
      // A new snapshot is what a drift alert is measured on: check the ETFs that got one (issue 20).
      const driftAlerts = await checkDriftAfterSnapshots(app, summary.snapshots, { timeoutMs: CATCH_UP_MS });
      const counts = new Map(summary.dated?.counts.map((row) => [row.symbol, row]));
      const snapshots = summary.snapshots.map((result) => {
        const row = counts.get(result.symbol);
        return {
          symbol: result.symbol,
          outcome: result.outcome,
          exact: row?.exact ?? 0,
          earlier: row?.earlier ?? 0,
          unpriced: row?.unpriced ?? 0,
        };
      });
      return { asOf, fellBack: snapshots.reduce((sum, row) => sum + row.earlier, 0), snapshots, driftAlerts };
    },
  );
};

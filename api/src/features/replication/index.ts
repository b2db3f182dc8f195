import { AMOUNT_MESSAGES, parseAmount, replicate } from '@etf-replicator/core';
import {
  changeInvestmentRequestSchema,
  replicateQuerySchema,
  replicateResponseSchema,
  trackingDetailSchema,
} from '@etf-replicator/core/contracts/trackings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ifMatchRevision } from '../../http/if-match';
import {
  engineHoldings,
  planOf,
  requireReplicableSnapshot,
  weightingsCapFor,
} from '../../trackings/market-context';
import { runTrackingCommand } from '../../trackings/run-tracking-command';

const security = [{ bearerAuth: [] }];

/** /api/replication/*: the pure replicate computation and the target-amount commands (spec 2 §7). */
export default async function replicationFeature(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/replication/replicate',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['replication'],
        summary: "Target allocation for an amount, with the latest snapshot and the caller's plan cap",
        security,
        querystring: replicateQuerySchema,
        response: { 200: replicateResponseSchema },
      },
    },
    async (request) => {
      const amount = parseAmount(
        request.query.investmentAmount,
        'investmentAmount',
        AMOUNT_MESSAGES.wizardInvalid,
      );
      const snapshot = await requireReplicableSnapshot(app.db.pool, request.query.etfSymbol);
      const numberOfWeightings = weightingsCapFor(planOf(request.user.plan), snapshot);
      const result = replicate(engineHoldings(snapshot), amount.toFixed(), { numberOfWeightings });
      return {
        symbol: snapshot.symbol,
        ...result,
        investments: [...result.investments],
        excluded: result.excluded.map((e) => ({ symbol: e.symbol, reason: e.reason })),
        numberOfWeightings,
        snapshotAsOf: snapshot.asOf,
        pricesAsOf:
          snapshot.pricesFrom && snapshot.pricesTo
            ? { from: snapshot.pricesFrom, to: snapshot.pricesTo }
            : null,
      };
    },
  );

  const changeInvestment = (path: string, type: 'RaiseTarget' | 'LowerTarget', summary: string) =>
    typed.post(
      path,
      {
        onRequest: [app.authenticate],
        config: { idempotent: true },
        schema: {
          tags: ['replication'],
          summary,
          security,
          body: changeInvestmentRequestSchema,
          response: { 200: trackingDetailSchema },
        },
      },
      async (request) => {
        const { trackingId, amount, buyOnly } = request.body;
        const record = await runTrackingCommand(app, {
          trackingId,
          userId: request.user.userId,
          plan: request.user.plan,
          expectedRevision: ifMatchRevision(request),
          type,
          data: () =>
            type === 'RaiseTarget' ? { amount, ...(buyOnly ? { buyOnly: true } : {}) } : { amount },
        });
        return record.detail;
      },
    );
  changeInvestment(
    '/api/replication/add-investment',
    'RaiseTarget',
    'Raise the target amount (RaiseTarget), optionally buy-only',
  );
  changeInvestment(
    '/api/replication/subtract-investment',
    'LowerTarget',
    'Lower the target amount (LowerTarget)',
  );
}

import {
  IMPORT_TARGET_RULE,
  importPreviewSchema,
  importTrackingResponseSchema,
  MAX_IMPORT_CSV_CHARS,
} from '@etf-replicator/core/contracts/broker-import';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/http-error';
import { createTracking } from '../../trackings/create-tracking';
import { prepareImport } from '../../trackings/import-positions';
import { readImportRequest } from './read-import-request';

const security = [{ bearerAuth: [] }];
const consumes = ['application/json', 'multipart/form-data'];

/**
 * Issue 17: a tracking created from positions held at a broker. `preview` decides everything and appends nothing;
 * the import itself is CreateTracking carrying the positions (TrackingCreated + PositionsImported, and TaxBudgetSet
 * with a gains budget (issue 31), in one append, within the plan's tracking limit and weightings cap like
 * POST /api/trackings, of an ETF or an index (issue 30)). Multipart lives in this scope only.
 */
export const importRoutes = async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMPORT_CSV_CHARS,
      files: 1,
      fields: 10,
      fieldSize: MAX_IMPORT_CSV_CHARS,
      parts: 12,
    },
  });

  app.post(
    '/api/trackings/import/preview',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['trackings'],
        summary: 'Preview a tracking created from broker positions (appends nothing)',
        description: IMPORT_TARGET_RULE,
        security,
        consumes,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => {
      const input = await readImportRequest(request);
      return (await prepareImport(app, request.user, input, new Date())).preview;
    },
  );

  app.post(
    '/api/trackings/import',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['trackings'],
        summary: 'Create a tracking from broker positions (CreateTracking with PositionsImported)',
        description: IMPORT_TARGET_RULE,
        security,
        consumes,
        response: { 200: importTrackingResponseSchema },
      },
    },
    async (request, reply) => {
      const input = await readImportRequest(request);
      if (request.isMultipart() && !(await app.claimIdempotencyKey(request, reply, input))) return reply;
      const prepared = await prepareImport(app, request.user, input, new Date());
      if (!prepared.importedPositions) {
        throw new HttpError(
          400,
          `Nothing was imported: none of the positions is a holding of ${prepared.target.label} with a price.`,
        );
      }
      const created = await createTracking(app, request.user, {
        symbol: prepared.target.symbol,
        ...(prepared.target.index ? { index: input.index } : {}),
        amount: prepared.targetAmount,
        ...(input.fractionalShares !== undefined ? { fractionalShares: input.fractionalShares } : {}),
        ...(input.autoTracking !== undefined ? { autoTracking: input.autoTracking } : {}),
        importedPositions: prepared.importedPositions,
        ...(input.taxBudget ? { taxBudget: input.taxBudget } : {}),
      });
      return { ...created, preview: prepared.preview };
    },
  );
};

import {
  type AccountRealizedGainsResponse,
  accountRealizedGainsResponseSchema,
  accountTaxReportFileName,
  accountTaxYearQuerySchema,
  type WashWindowsResponse,
  washWindowsResponseSchema,
} from '@etf-replicator/core/contracts/taxes';
import { form8949Csv } from '@etf-replicator/core/tax/form-8949';
import { rowsOfYear } from '@etf-replicator/core/tax/ledger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializerCompiler } from '../../http/compiled-serializer';
import { form8949Parts } from '../../tax/form-8949-parts';
import { investorLedger } from '../../tax/investor-ledger';
import { realizedRowView, yearsOf, yearTotals } from '../../tax/ledger-views';
import { nyToday, windowViews } from '../../tax/wash-windows';

const security = [{ bearerAuth: [] }];
const currentYear = () => Number(nyToday().slice(0, 4));

/**
 * /api/tax/*: the signed-in investor's tax report across ALL their trackings, deleted ones included (issue 26 items
 * 2, 4, 7): the year's Form 8949 rows and sections as JSON and CSV, and the open wash-sale windows.
 */
export default async function taxFeature(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/tax/realized-gains',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['tax'],
        summary:
          "The year's realised rows of every tracking (Form 8949: code W, adjustment) with Part I / II totals",
        security,
        querystring: accountTaxYearQuerySchema,
        response: { 200: accountRealizedGainsResponseSchema },
      },
      // Thousands of rows on a long-lived tracking: compiled, not zod-parsed (bench:tax).
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request): Promise<AccountRealizedGainsResponse> => {
      const year = request.query.year ?? currentYear();
      const investor = await investorLedger(app, request.user.userId);
      return investor.memo(`account-gains:${year}`, () => {
        const rows = rowsOfYear(investor.ledger, year);
        return {
          year,
          rows: rows.map((row) => ({
            ...realizedRowView(row),
            trackingLabel: investor.trackings.get(row.trackingId)?.label ?? '',
          })),
          parts: form8949Parts(rows),
          years: yearsOf(investor.ledger.closedRows),
          totals: yearTotals(year, rows),
        };
      });
    },
  );

  typed.get(
    '/api/tax/report.csv',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['tax'],
        summary:
          "The year's Form 8949 of every tracking as CSV (Part I and II sections, code W, adjustments)",
        security,
        querystring: accountTaxYearQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const year = request.query.year ?? currentYear();
      const investor = await investorLedger(app, request.user.userId);
      const csv = investor.memo(`account-csv:${year}`, () =>
        form8949Csv(rowsOfYear(investor.ledger, year), `Form 8949 ${year}`),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${accountTaxReportFileName(year)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  typed.get(
    '/api/tax/windows',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['tax'],
        summary: "The investor's open wash-sale windows: loss sales whose loss a buy would still disallow",
        security,
        response: { 200: washWindowsResponseSchema },
      },
    },
    async (request): Promise<WashWindowsResponse> => {
      const investor = await investorLedger(app, request.user.userId);
      return { asOf: new Date().toISOString(), windows: windowViews(investor, nyToday()) };
    },
  );
}

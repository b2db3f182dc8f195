import {
  localBillingResultSchema,
  localPlanRequestSchema,
  billingMessages as m,
} from '@etf-replicator/core/billing/contracts';
import { getInvoice } from '@etf-replicator/projections/invoices/queries';
import { getUserById } from '@etf-replicator/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingDeps } from '../../billing/billing-deps';
import type { BillingSettings } from '../../billing/billing-settings';
import {
  localCancel,
  localChangePlan,
  localCheckout,
  localPaymentFailure,
} from '../../billing/local/local-billing';
import type { LocalStripe } from '../../billing/local/local-stripe';
import { HttpError, notFound } from '../../http/http-error';
import { renderLocalReceipt } from './local-receipt';

/**
 * Local test mode (no Stripe settings, not production): POST /api/billing/local/checkout { plan },
 * /local/change-plan { plan }, /local/cancel and /local/payment-failure, each answered with the plan once the
 * signed events it sent through our webhook are applied; GET /local/invoices/{id} shows a local invoice.
 */
export const LOCAL_INVOICE_PATH = '/api/billing/local/invoices/';
export const LOCAL_INVOICE_LINK_TTL_SECONDS = 3600;

export const localRoutes = (
  app: FastifyInstance,
  deps: BillingDeps,
  settings: BillingSettings,
  stripe: LocalStripe | undefined,
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const local = () => {
    if (settings.mode !== 'local' || !settings.checkoutAllowed || !stripe) throw notFound(m.localModeOnly);
    return stripe;
  };
  const options = (summary: string, body?: z.ZodType) => ({
    onRequest: [app.authenticate],
    config: { idempotent: true },
    schema: {
      tags: ['billing'],
      summary: `Local test mode: ${summary}`,
      ...(body ? { body } : {}),
      response: { 200: localBillingResultSchema },
    },
  });

  typed.post('/api/billing/local/checkout', options('subscribe', localPlanRequestSchema), async (request) => {
    const stripeStandIn = local();
    const user = await getUserById(deps.pool, request.user.userId);
    if (!user) throw notFound(m.billingRecordNotFound);
    const { plan } = localPlanRequestSchema.parse(request.body);
    return localCheckout(deps, stripeStandIn, { userId: user.id, email: user.email }, plan);
  });

  typed.post(
    '/api/billing/local/change-plan',
    options('change plan', localPlanRequestSchema),
    async (request) => {
      const { plan } = localPlanRequestSchema.parse(request.body);
      return localChangePlan(deps, local(), request.user.userId, plan);
    },
  );

  typed.post('/api/billing/local/cancel', options('cancel the subscription'), async (request) =>
    localCancel(deps, local(), request.user.userId),
  );

  typed.post('/api/billing/local/payment-failure', options('a renewal payment fails'), async (request) =>
    localPaymentFailure(deps, local(), request.user.userId),
  );

  typed.get(
    '/api/billing/local/invoices/:invoiceId',
    {
      schema: {
        tags: ['billing'],
        summary: 'Local test mode: an invoice',
        params: z.object({ invoiceId: z.string().max(100) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { invoiceId } = request.params;
      const { expires = '', signature = '' } = request.query;
      // Only through the link the owner's invoice list signed: ids alone do not open someone's invoice.
      const path = `${LOCAL_INVOICE_PATH}${invoiceId}`;
      if (!app.signedUrls.verify(path, expires, signature, new Date())) {
        throw new HttpError(
          403,
          'This invoice link is invalid or has expired. Open it again from your invoices.',
        );
      }
      const invoice = invoiceId.startsWith('in_local_') ? await getInvoice(deps.pool, invoiceId) : null;
      if (!invoice) throw notFound('Invoice not found');
      const user = await getUserById(deps.pool, invoice.user_id);
      return reply.type('text/html; charset=utf-8').send(renderLocalReceipt(invoice, user?.email ?? ''));
    },
  );
};

import {
  billingConfigSchema,
  billingRecordSchema,
  customerClientSecretSchema,
  invoiceListSchema,
  billingMessages as m,
} from '@etf-replicator/core/billing/contracts';
import { getBillingAccount } from '@etf-replicator/projections/billing-accounts/queries';
import { listInvoices } from '@etf-replicator/projections/invoices/queries';
import { getUserById } from '@etf-replicator/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../../auth/session-user';
import type { BillingDeps } from '../../billing/billing-deps';
import type { BillingSettings } from '../../billing/billing-settings';
import { ensureCustomer } from '../../billing/ensure-customer';
import { notFound } from '../../http/http-error';
import { LOCAL_INVOICE_LINK_TTL_SECONDS, LOCAL_INVOICE_PATH } from './local-routes';
import { viaProvider } from './provider-errors';

/**
 * GET /api/billing/config (which pricing page to show), /api/billing/{userId} (the billing record: one's own, or
 * any for an admin; others are a 404), /api/billing/invoices (one's own, newest first) and
 * /api/billing/existing-customer-client-secret (Stripe only: creates the customer on first need).
 */
export const accountRoutes = (app: FastifyInstance, deps: BillingDeps, settings: BillingSettings) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  typed.get(
    '/api/billing/config',
    { schema: { tags, summary: 'Pricing page mode', response: { 200: billingConfigSchema } } },
    async () =>
      settings.mode === 'stripe'
        ? {
            mode: 'stripe' as const,
            publishableKey: settings.publishableKey,
            pricingTableId: settings.pricingTableId,
          }
        : { mode: 'local' as const, publishableKey: null, pricingTableId: null },
  );

  typed.get(
    '/api/billing/invoices',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Your invoices', response: { 200: invoiceListSchema } },
    },
    async (request) => {
      const now = new Date();
      // A local-mode invoice page opens in the browser without a bearer header: its link is signed for its owner.
      const linkFor = (url: string | null) =>
        url?.startsWith(LOCAL_INVOICE_PATH)
          ? app.signedUrls.sign(url, LOCAL_INVOICE_LINK_TTL_SECONDS, now)
          : url;
      return (await listInvoices(deps.pool, request.user.userId)).map((row) => ({
        created: row.invoice_created_at.toISOString(),
        invoiceId: row.invoice_id,
        description: row.description,
        amount: row.amount_cents,
        status: row.status,
        invoicePdf: linkFor(row.invoice_pdf ?? row.hosted_invoice_url),
      }));
    },
  );

  typed.get(
    '/api/billing/existing-customer-client-secret',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Customer session for the pricing table',
        response: { 200: customerClientSecretSchema },
      },
    },
    async (request) => {
      if (settings.mode !== 'stripe') throw notFound(m.stripeNotConfigured);
      const user = await getUserById(deps.pool, request.user.userId);
      if (!user) throw notFound(m.billingRecordNotFound);
      const customerId = await viaProvider(() =>
        ensureCustomer(deps, { userId: user.id, email: user.email }),
      );
      return { clientSecret: await viaProvider(() => deps.gateway.customerSessionSecret(customerId)) };
    },
  );

  typed.get(
    '/api/billing/:userId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Billing record',
        params: z.object({ userId: z.string().max(100) }),
        response: { 200: billingRecordSchema },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (userId !== request.user.userId && !isAdmin(request.user)) throw notFound(m.billingRecordNotFound);
      const user = await getUserById(deps.pool, userId);
      if (!user) throw notFound(m.billingRecordNotFound);
      const account = await getBillingAccount(deps.pool, userId);
      const subscription = account.subscription;
      return {
        customerId: account.customerId ?? user.stripe_customer_id,
        subscriptionId: subscription?.subscription_id ?? null,
        subscriptionPlan: account.active ? (subscription?.plan ?? null) : null,
        email: account.customerEmail ?? user.email,
        subscriptionStatus: subscription?.status ?? null,
        cancelAtPeriodEnd: subscription?.cancel_at_period_end ?? false,
        currentPeriodEnd: subscription?.current_period_end?.toISOString() ?? null,
      };
    },
  );
};

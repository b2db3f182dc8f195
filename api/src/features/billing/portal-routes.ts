import {
  billingMessages as m,
  portalFormSchema,
  portalUrlSchema,
} from '@etf-replicator/core/billing/contracts';
import { getBillingAccount } from '@etf-replicator/projections/billing-accounts/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingDeps } from '../../billing/billing-deps';
import { HttpError, unauthorized } from '../../http/http-error';
import { callerOf } from './caller';
import { isFormPost } from './form-body';
import { viaProvider } from './provider-errors';

type Kind = 'portal' | 'update';

/** Where the portal sends the user back to; the pricing page refreshes the session's plan claim there. */
const returnUrl = (app: FastifyInstance) => `${app.config.publicAppUrl}/pricing?portal=return`;

const portalUrlFor = async (app: FastifyInstance, deps: BillingDeps, userId: string, kind: Kind) => {
  const account = await getBillingAccount(deps.pool, userId);
  if (!account.customerId) {
    // Issue 15: a plan without a billing account (the seeded demo, a plan set by an admin) has nothing to update
    // in a portal: 'Upgrade Now' goes to the pricing page to choose a plan, not to an error.
    if (kind === 'update') return '/pricing';
    throw new HttpError(404, m.noBillingAccount);
  }
  const base = { userId, customerId: account.customerId, returnUrl: returnUrl(app) };
  if (kind === 'portal') return viaProvider(() => deps.gateway.portalUrl(base));
  // Nothing to update without a live subscription: choose a plan on the pricing page instead.
  if (!account.active || !account.subscription) return '/pricing';
  const updateSubscriptionId = account.subscription.subscription_id;
  return viaProvider(() => deps.gateway.portalUrl({ ...base, updateSubscriptionId }));
};

/**
 * POST /api/billing/create-customer-portal-session and /api/billing/update-subscription-redirect: a browser form
 * with hidden userId (and the page's access token) is answered 303 to the provider's portal (the subscription-update
 * deep link for the second); a form without a valid token goes to /pricing?manage=…, where the signed-in page
 * finishes the job. An API call (bearer) gets { url }. Only one's own billing: another userId is a 404.
 */
export const portalRoutes = (app: FastifyInstance, deps: BillingDeps) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const handle = async (request: FastifyRequest, reply: FastifyReply, kind: Kind) => {
    const form = isFormPost(request);
    const fail = (error: HttpError) => {
      if (!form) throw error;
      return reply.redirect(`/pricing?billingError=${encodeURIComponent(error.message)}`, 303);
    };
    const body = portalFormSchema.safeParse(request.body ?? {});
    if (!body.success) return fail(new HttpError(400, 'Invalid body: userId'));
    const caller = await callerOf(app, request, body.data.accessToken);
    if (!caller) {
      if (form) return reply.redirect(`/pricing?manage=${kind}`, 303);
      throw unauthorized();
    }
    if (body.data.userId && body.data.userId !== caller.userId) {
      return fail(new HttpError(404, m.billingRecordNotFound));
    }
    let url: string;
    try {
      url = await portalUrlFor(app, deps, caller.userId, kind);
    } catch (error) {
      if (error instanceof HttpError) return fail(error);
      throw error;
    }
    return form ? reply.redirect(url, 303) : reply.send({ url });
  };

  const schema = (summary: string) => ({
    tags: ['billing'],
    summary,
    // A bearer header from scripts; a browser form carries the access token in a field instead.
    security: [{ bearerAuth: [] }],
    response: { 200: portalUrlSchema },
  });
  typed.post(
    '/api/billing/create-customer-portal-session',
    { schema: schema('Open the customer portal (browser form: 303 redirect)') },
    (request, reply) => handle(request, reply, 'portal'),
  );
  typed.post(
    '/api/billing/update-subscription-redirect',
    { schema: schema("Open the portal's subscription update (browser form: 303 redirect)") },
    (request, reply) => handle(request, reply, 'update'),
  );
};

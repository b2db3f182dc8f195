import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { BillingDeps } from '../../billing/billing-deps';
import { resolveBillingSettings } from '../../billing/billing-settings';
import { createLocalGateway } from '../../billing/local/local-gateway';
import { createLocalStripe } from '../../billing/local/local-stripe';
import { createStripeClient, createStripeGateway } from '../../billing/stripe-gateway';
import { accountRoutes } from './account-routes';
import { acceptFormPosts } from './form-body';
import { localRoutes } from './local-routes';
import { portalRoutes } from './portal-routes';
import { webhookRoute } from './webhook';

/**
 * Billing: Stripe when STRIPE_SECRET_KEY is set, else a clearly labelled local test mode whose checkout and portal
 * send signed Stripe-shaped events to the same webhook. Every billing fact becomes an event on the user stream.
 */
export default async function billingFeature(app: FastifyInstance) {
  const settings = resolveBillingSettings(app.config);
  // In local mode the client only signs events (no API key needed); it never calls Stripe.
  const stripe =
    settings.mode === 'stripe'
      ? createStripeClient(settings.secretKey, settings.api)
      : new Stripe('sk_local_test_mode');
  const localStripe =
    settings.mode === 'local'
      ? createLocalStripe({
          webhookSecret: settings.webhookSecret,
          deliver: async (payload, signature) => {
            const answer = await app.inject({
              method: 'POST',
              url: '/api/billing/webhook',
              headers: { 'content-type': 'application/json', 'stripe-signature': signature },
              payload,
            });
            return { statusCode: answer.statusCode, body: answer.body };
          },
        })
      : undefined;
  const deps: BillingDeps = {
    eventStore: app.eventStore,
    projections: app.projections,
    pool: app.db.pool,
    pricePlans: settings.pricePlans,
    log: app.log,
    now: () => new Date(),
    gateway: localStripe ? createLocalGateway(localStripe, () => deps) : createStripeGateway(stripe),
  };
  if (localStripe) app.log.info('billing runs in local test mode (Stripe is not configured)');

  await webhookRoute(app, { deps, stripe, webhookSecret: settings.webhookSecret });
  acceptFormPosts(app);
  accountRoutes(app, deps, settings);
  portalRoutes(app, deps);
  localRoutes(app, deps, settings, localStripe);
}

import Stripe from 'stripe';
import type { BillingGateway } from './billing-gateway';
import type { StripeApiEndpoint } from './billing-settings';
import { customerObjectSchema } from './stripe-objects';

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/** The official SDK; `api` points it at another host (tests run a local stand-in of the endpoints used). */
export const createStripeClient = (secretKey: string, api?: StripeApiEndpoint): Stripe =>
  new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });

export const createStripeGateway = (stripe: Stripe): BillingGateway => ({
  mode: 'stripe',

  async createCustomer({ userId, email }) {
    const customer = await stripe.customers.create(
      { email, metadata: { userId } },
      // Two concurrent first visits to the pricing page must not make two customers.
      { idempotencyKey: `etf-replicator-customer-${userId}` },
    );
    return customer.id;
  },

  async customerSessionSecret(customerId) {
    const session = await stripe.customerSessions.create({
      customer: customerId,
      components: { pricing_table: { enabled: true } },
    });
    return session.client_secret;
  },

  async portalUrl({ customerId, returnUrl, updateSubscriptionId }) {
    const session = await stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
      ...(updateSubscriptionId
        ? {
            flow_data: {
              type: 'subscription_update',
              subscription_update: { subscription: updateSubscriptionId },
              after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
            },
          }
        : {}),
    });
    return session.url;
  },

  async latestSubscription(subscriptionId) {
    try {
      return await stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },

  async customerUserId(customerId) {
    try {
      const parsed = customerObjectSchema.safeParse(await stripe.customers.retrieve(customerId));
      return parsed.success ? parsed.data.metadata.userId : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },

  async chargeCustomerId(chargeId) {
    try {
      const { customer } = await stripe.charges.retrieve(chargeId);
      return typeof customer === 'string' ? customer : (customer?.id ?? undefined);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },

  async cancelSubscription({ subscriptionId }) {
    try {
      await stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  },
});

import { billingMessages as m } from '@etf-replicator/core/billing/contracts';
import { HttpError } from '../../http/http-error';
import type { BillingDeps } from '../billing-deps';
import type { BillingGateway } from '../billing-gateway';
import { localCancel } from './local-billing';
import type { LocalStripe } from './local-stripe';

/** Where the local portal lives: the pricing page in its portal view. */
export const LOCAL_PORTAL_PATH = '/pricing?portal=local';

/** The provider of the local test mode: ids of our own making, our own portal page, no remote copies. */
export const createLocalGateway = (stripe: LocalStripe, deps: () => BillingDeps): BillingGateway => ({
  mode: 'local',
  createCustomer: async () => stripe.id('cus'),
  customerSessionSecret: async () => {
    throw new HttpError(404, m.stripeNotConfigured);
  },
  portalUrl: async ({ updateSubscriptionId }) =>
    updateSubscriptionId ? `${LOCAL_PORTAL_PATH}&flow=update` : LOCAL_PORTAL_PATH,
  latestSubscription: async () => undefined,
  customerUserId: async () => undefined,
  chargeCustomerId: async () => undefined,
  cancelSubscription: async ({ userId, subscriptionId }) => {
    await localCancel(deps(), stripe, userId, subscriptionId);
  },
});

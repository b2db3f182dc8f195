import { billingCommandMetadata, loadBilling, runBillingCommand } from './billing-commands';
import type { BillingDeps } from './billing-deps';

/**
 * The user's Stripe customer, created on first need with the user id as its client reference (metadata.userId)
 * and recorded on the user stream (BillingCustomerLinked), so the users read model shows the customer id.
 */
export const ensureCustomer = async (
  deps: BillingDeps,
  user: { userId: string; email: string },
): Promise<string> => {
  const { billing } = await loadBilling(deps.eventStore, user.userId);
  if (billing.customerId) return billing.customerId;
  const customerId = await deps.gateway.createCustomer(user);
  await runBillingCommand(
    deps,
    user.userId,
    {
      type: 'LinkBillingCustomer',
      data: { customerId, email: user.email, source: 'created' },
      metadata: billingCommandMetadata(deps.now()),
    },
    { actorUserId: user.userId },
  );
  return customerId;
};

import { findUserIdByCustomerId } from '@etf-replicator/projections/billing-accounts/queries';
import type { BillingDeps } from './billing-deps';

/**
 * The user behind a Stripe customer: the checkout's client reference (our user id), our own link of the customer,
 * the user id in the object's metadata, then the customer's metadata at Stripe (customers we create carry it).
 */
export const findUserForCustomer = async (
  deps: BillingDeps,
  customerId: string,
  hints: { clientReferenceId?: string | undefined; metadataUserId?: string | undefined },
): Promise<string | undefined> => {
  if (hints.clientReferenceId) return hints.clientReferenceId;
  const linked = await findUserIdByCustomerId(deps.pool, customerId);
  if (linked) return linked;
  if (hints.metadataUserId) return hints.metadataUserId;
  try {
    return await deps.gateway.customerUserId(customerId);
  } catch (error) {
    deps.log.warn({ err: error, customerId }, 'could not read the customer from Stripe');
    return undefined;
  }
};

import { createElement, useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerClientSecret } from '../api/get-customer-client-secret';

const SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

/** Adds Stripe's pricing-table script once; the custom element upgrades itself when it has loaded. */
const addScript = () => {
  if (document.querySelector(`script[src="${SCRIPT}"]`)) return;
  const script = document.createElement('script');
  script.src = SCRIPT;
  script.async = true;
  document.head.append(script);
};

/**
 * Spec 1 §2.5: Stripe's embedded pricing table with the user id as client reference and a customer-session client
 * secret (the user's e-mail when no secret can be had). Checkout happens at Stripe; its webhook sets the plan.
 */
export const StripePricingTable = ({
  pricingTableId,
  publishableKey,
  userId,
  email,
}: {
  pricingTableId: string;
  publishableKey: string;
  userId: string;
  email: string | undefined;
}) => {
  const secret = useCustomerClientSecret(userId, true);
  useEffect(addScript, []);
  if (secret.isPending) return <Spinner label="Loading plans…" />;
  const customer = secret.data
    ? { 'customer-session-client-secret': secret.data.clientSecret }
    : email
      ? { 'customer-email': email }
      : {};
  return createElement('stripe-pricing-table', {
    'pricing-table-id': pricingTableId,
    'publishable-key': publishableKey,
    'client-reference-id': userId,
    ...customer,
  });
};

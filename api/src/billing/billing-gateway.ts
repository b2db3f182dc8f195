/**
 * What billing needs from the payment provider. The Stripe gateway calls Stripe's API through the official SDK; the
 * local gateway (test mode) answers from our own records and sends its own signed events to our webhook.
 */
export type BillingGateway = {
  readonly mode: 'stripe' | 'local';
  /** A new customer whose client reference (metadata.userId) is the user; one per user even when called twice. */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** The client secret of a customer session, for Stripe's embedded pricing table. */
  customerSessionSecret(customerId: string): Promise<string>;
  /** Where to send the browser to manage billing; with a subscription id, straight to changing that subscription. */
  portalUrl(input: {
    userId: string;
    customerId: string;
    returnUrl: string;
    updateSubscriptionId?: string;
  }): Promise<string>;
  /** Stripe's current copy of a subscription (raw JSON), or undefined when it cannot say. */
  latestSubscription(subscriptionId: string): Promise<unknown>;
  /** The user a customer was created for (metadata.userId), if the provider knows it. */
  customerUserId(customerId: string): Promise<string | undefined>;
  /** The customer a charge belongs to (disputes name only the charge). */
  chargeCustomerId(chargeId: string): Promise<string | undefined>;
  /** Stops billing a subscription whose access ended (a reversed payment). */
  cancelSubscription(input: { userId: string; subscriptionId: string }): Promise<void>;
};

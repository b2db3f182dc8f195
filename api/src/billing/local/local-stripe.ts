import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** Answers our own webhook gave to a delivery (status and body). */
export type Delivery = (payload: string, signature: string) => Promise<{ statusCode: number; body: string }>;

export type LocalStripe = {
  /** A fresh Stripe-looking id: `sub_local_…`, `in_local_…`. */
  id(prefix: string): string;
  /** Stripe time: unix seconds. */
  now(): number;
  /** Signs a Stripe-shaped event with the local webhook secret and posts it to our webhook; throws unless 200. */
  send(type: string, object: object): Promise<void>;
};

/**
 * The local test mode's stand-in for Stripe's side of a webhook: events shaped like Stripe's, signed with the SDK's
 * own test-header helper and the local webhook secret, delivered to the same webhook route production uses.
 */
export const createLocalStripe = ({
  webhookSecret,
  deliver,
  clock = () => new Date(),
}: {
  webhookSecret: string;
  deliver: Delivery;
  clock?: () => Date;
}): LocalStripe => {
  // Signing needs no API key; this client never calls Stripe.
  const stripe = new Stripe('sk_local_test_mode');
  const now = () => Math.floor(clock().getTime() / 1000);
  return {
    id: (prefix) => `${prefix}_local_${randomBytes(12).toString('hex')}`,
    now,
    async send(type, object) {
      const payload = JSON.stringify({
        id: `evt_local_${randomBytes(12).toString('hex')}`,
        object: 'event',
        created: now(),
        livemode: false,
        type,
        data: { object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const answer = await deliver(payload, signature);
      if (answer.statusCode !== 200) {
        throw new Error(`The webhook refused the local ${type} event (${answer.statusCode}): ${answer.body}`);
      }
    },
  };
};

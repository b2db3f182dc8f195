import { randomBytes } from 'node:crypto';
import { type Plan, planSchema } from '@etf-replicator/core/plans/plans';
import type { AppConfig } from '../config';

/** Price ids of the local test mode's own checkout (Stripe-shaped, never sent to Stripe). */
export const LOCAL_PRICE_IDS: Readonly<Record<'STARTER' | 'GROWTH' | 'PRO', string>> = {
  STARTER: 'price_local_starter',
  GROWTH: 'price_local_growth',
  PRO: 'price_local_pro',
};

export type StripeApiEndpoint = {
  readonly host: string;
  readonly port: number;
  readonly protocol: 'http' | 'https';
};

export type BillingSettings =
  | {
      readonly mode: 'stripe';
      readonly secretKey: string;
      readonly webhookSecret: string;
      readonly publishableKey: string | null;
      readonly pricingTableId: string | null;
      readonly pricePlans: ReadonlyMap<string, Plan>;
      /** Set by STRIPE_API_URL (a local stand-in in tests); Stripe's own API otherwise. */
      readonly api: StripeApiEndpoint | undefined;
    }
  | {
      readonly mode: 'local';
      /** Random per process: only this server can sign the events its local checkout posts to its own webhook. */
      readonly webhookSecret: string;
      readonly pricePlans: ReadonlyMap<string, Plan>;
      /** Local checkout grants plans for free, so it is refused in production. */
      readonly checkoutAllowed: boolean;
    };

export class BillingConfigError extends Error {
  override readonly name = 'BillingConfigError';
}

/** `price_123:STARTER,price_456:GROWTH` → Map; a malformed entry or an unknown plan stops the server. */
export const parsePricePlans = (value: string | undefined): Map<string, Plan> => {
  const plans = new Map<string, Plan>();
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [priceId, plan, ...rest] = entry.split(':').map((part) => part.trim());
    const parsed = planSchema.safeParse(plan);
    if (!priceId || !parsed.success || rest.length > 0) {
      throw new BillingConfigError(
        `STRIPE_PRICE_PLANS: "${entry}" is not price_id:PLAN with PLAN one of ${planSchema.options.join(', ')}`,
      );
    }
    plans.set(priceId, parsed.data);
  }
  return plans;
};

const endpointOf = (url: string | undefined): StripeApiEndpoint | undefined => {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
};

/**
 * Stripe when STRIPE_SECRET_KEY is set (then the webhook secret is required too), else the local test mode: our
 * own four-plan grid and a local checkout that posts signed Stripe-shaped events to our own webhook.
 */
export const resolveBillingSettings = (config: AppConfig): BillingSettings => {
  if (!config.STRIPE_SECRET_KEY) {
    return {
      mode: 'local',
      webhookSecret: `whsec_local_${randomBytes(24).toString('hex')}`,
      pricePlans: new Map(Object.entries(LOCAL_PRICE_IDS).map(([plan, priceId]) => [priceId, plan as Plan])),
      checkoutAllowed: config.NODE_ENV !== 'production',
    };
  }
  if (!config.STRIPE_WEBHOOK_SECRET) {
    throw new BillingConfigError('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  return {
    mode: 'stripe',
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    pricingTableId: config.STRIPE_PRICING_TABLE_ID ?? null,
    pricePlans: parsePricePlans(config.STRIPE_PRICE_PLANS),
    api: endpointOf(config.STRIPE_API_URL),
  };
};

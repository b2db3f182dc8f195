/**
 * The four-plan grid of spec 1 §9 (name, monthly price, description, features, most-popular flag). Free has no plan
 * claim. Kept free of runtime dependencies so the web client can import it.
 */
export type PaidPlan = 'STARTER' | 'GROWTH' | 'PRO';

export type PlanOffering = {
  /** null = Free. */
  readonly plan: PaidPlan | null;
  readonly name: string;
  /** Whole US dollars a month. */
  readonly monthlyPriceUsd: number;
  readonly description: string;
  readonly features: readonly string[];
  readonly mostPopular: boolean;
};

export const PLAN_OFFERINGS: readonly PlanOffering[] = [
  {
    plan: null,
    name: 'Free',
    monthlyPriceUsd: 0,
    description: 'Try direct indexing with one ETF.',
    features: [
      '1 tracking',
      'Limited ETF holdings view',
      'Basic interface access',
      'No credit card required',
    ],
    mostPopular: false,
  },
  {
    plan: 'STARTER',
    name: 'Starter',
    monthlyPriceUsd: 19,
    description: 'For investors replicating a few ETFs.',
    features: ['3 trackings', 'Up to 40% ETF replication', 'Basic support'],
    mostPopular: false,
  },
  {
    plan: 'GROWTH',
    name: 'Growth',
    monthlyPriceUsd: 39,
    description: 'For growing portfolios.',
    features: ['5 trackings', 'Up to 70% ETF replication', 'Priority support'],
    mostPopular: true,
  },
  {
    plan: 'PRO',
    name: 'Pro',
    monthlyPriceUsd: 59,
    description: 'Full replication of every holding.',
    features: ['10 trackings', '100% ETF replication', 'Priority support', 'Holdings updated daily'],
    mostPopular: false,
  },
];

export const PAID_PLANS: readonly PaidPlan[] = ['STARTER', 'GROWTH', 'PRO'];

export const offeringFor = (plan: string | null | undefined): PlanOffering | undefined =>
  PLAN_OFFERINGS.find((offering) => offering.plan === (plan ?? null)) ??
  (plan === 'GOLD' ? PLAN_OFFERINGS.find((offering) => offering.plan === 'PRO') : undefined);

/** A plan's display name: STARTER → Starter; GOLD (the top plan's other name) stays Gold. */
export const planName = (plan: string | null | undefined): string =>
  plan ? plan.charAt(0).toUpperCase() + plan.slice(1).toLowerCase() : 'Free';

import { z } from 'zod';
import { type DecimalInput, dec, ZERO } from '../shared/decimal';

/**
 * Plan rules (DESIGN §6.3). The plan claim is absent for Free users. The spec names the top plan GOLD in the
 * holdings rule and PRO on the pricing grid; both readings stand, so both are top plans.
 */
export const planSchema = z.enum(['STARTER', 'GROWTH', 'PRO', 'GOLD']);
export type Plan = z.infer<typeof planSchema>;
/** `null`/`undefined` = no plan claim = Free. */
export type PlanClaim = Plan | null | undefined;

export const FREE_VISIBLE_HOLDINGS = 5;
export const FREE_NUMBER_OF_WEIGHTINGS_CAP = 5;
/** Highest ETF coverage (percent of the ETF's weight) the selected holdings may reach per mid plan. */
export const COVERAGE_CAP_PERCENT = { STARTER: 40, GROWTH: 70 } as const;

const TRACKING_LIMITS: Readonly<Record<Plan | 'FREE', number>> = {
  FREE: 1,
  STARTER: 3,
  GROWTH: 5,
  PRO: 10,
  GOLD: 10,
};

export const isTopPlan = (plan: PlanClaim): boolean => plan === 'PRO' || plan === 'GOLD';

export const trackingLimit = (plan: PlanClaim): number => TRACKING_LIMITS[plan ?? 'FREE'];

export const canCreateTracking = (plan: PlanClaim, existingTrackings: number): boolean =>
  existingTrackings < trackingLimit(plan);

/**
 * Highest numberOfWeightings the plan allows for an ETF whose holdings weights (percent) are given largest first.
 * Free: 5. STARTER/GROWTH: the largest N whose top-N coverage stays within 40 % / 70 %, but never fewer than
 * Free's 5 (a paid plan never offers less than Free). PRO/GOLD: every holding. Never more than the holdings count.
 */
export const numberOfWeightingsCap = (
  plan: PlanClaim,
  weightsSortedDesc: readonly DecimalInput[],
): number => {
  const total = weightsSortedDesc.length;
  if (isTopPlan(plan)) return total;
  const floor = Math.min(FREE_NUMBER_OF_WEIGHTINGS_CAP, total);
  if (plan !== 'STARTER' && plan !== 'GROWTH') return floor;
  const limit = dec(String(COVERAGE_CAP_PERCENT[plan]));
  let coverage = ZERO;
  let count = 0;
  for (const weight of weightsSortedDesc) {
    coverage = coverage.add(dec(weight));
    if (coverage.gt(limit)) break;
    count += 1;
  }
  return Math.max(floor, count);
};

/** How many holdings the server may send for the weightings list (spec 2 §6: never send what the plan hides). */
export const visibleHoldingsCount = (plan: PlanClaim, total: number, weightingsCap?: number): number => {
  if (isTopPlan(plan)) return total;
  if (plan === 'STARTER' || plan === 'GROWTH') return Math.min(total, weightingsCap ?? FREE_VISIBLE_HOLDINGS);
  return Math.min(total, FREE_VISIBLE_HOLDINGS);
};

export type HoldingsView = {
  /** Rows the server sends. */
  visible: number;
  /** Rows shown before 'Show more'. */
  initiallyShown: number;
  showMore: boolean;
  /** 'Unlock All {n} Holdings' banner with 'Upgrade Now'. */
  upgradeBanner: boolean;
  /** Free only: blurred rows hinting at the hidden holdings (at most 5). */
  placeholders: number;
};

export const holdingsView = (plan: PlanClaim, total: number, weightingsCap?: number): HoldingsView => {
  const visible = visibleHoldingsCount(plan, total, weightingsCap);
  if (isTopPlan(plan)) {
    return { visible, initiallyShown: visible, showMore: false, upgradeBanner: false, placeholders: 0 };
  }
  const initiallyShown = Math.min(visible, FREE_VISIBLE_HOLDINGS);
  if (plan == null) {
    return {
      visible,
      initiallyShown,
      showMore: false,
      upgradeBanner: false,
      placeholders: Math.min(FREE_VISIBLE_HOLDINGS, total - visible),
    };
  }
  return {
    visible,
    initiallyShown,
    showMore: visible > initiallyShown,
    upgradeBanner: true,
    placeholders: 0,
  };
};

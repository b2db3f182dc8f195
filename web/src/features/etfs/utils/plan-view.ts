import {
  type HoldingsView,
  holdingsView,
  type PlanClaim,
  planSchema,
} from '@etf-replicator/core/plans/plans';
import { ROLE_ADMIN } from '@/config/roles';

/** The plan the holdings rules apply to: an unknown claim is Free; administrators receive every holding. */
export const planForHoldings = (plan: string | undefined, roles: readonly string[]): PlanClaim => {
  if (roles.includes(ROLE_ADMIN)) return 'GOLD';
  const parsed = planSchema.safeParse(plan);
  return parsed.success ? parsed.data : null;
};

/** Spec 2 §6 for the rows the server sent: how many show at first, Show more, banner, blurred placeholders. */
export const holdingsListView = (plan: PlanClaim, received: number, total: number | null): HoldingsView =>
  holdingsView(plan, Math.max(total ?? received, received), received);

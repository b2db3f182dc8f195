import { numberOfWeightingsCap, planSchema, visibleHoldingsCount } from '@etf-replicator/core';
import { getEtfWeights } from '@etf-replicator/projections/market-data/index';
import type { CommonQueryMethods } from 'slonik';
import { isAdmin, type SessionUser } from '../../auth/session-user';

/**
 * How many of an ETF's holdings (largest first) the caller may receive (DESIGN §6.3, plan rules from core/plans):
 * Free 5; STARTER/GROWTH up to their coverage cap (40 % / 70 % of the ETF's weight, never fewer than 5);
 * PRO/GOLD all. An unknown plan claim counts as Free. Administrators see everything (support).
 */
export const visibleHoldings = async (
  db: CommonQueryMethods,
  user: SessionUser,
  etfSymbol: string,
  total: number,
): Promise<number> => {
  if (isAdmin(user)) return total;
  const parsed = planSchema.safeParse(user.plan);
  const plan = parsed.success ? parsed.data : null;
  if (plan === 'STARTER' || plan === 'GROWTH') {
    const cap = numberOfWeightingsCap(plan, await getEtfWeights(db, etfSymbol));
    return visibleHoldingsCount(plan, total, cap);
  }
  return visibleHoldingsCount(plan, total);
};

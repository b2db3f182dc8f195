import type { PlanValue, RoleValue } from '../api/change-user';

export const PLAN_OPTIONS: readonly PlanValue[] = [null, 'STARTER', 'GROWTH', 'PRO', 'GOLD'];
export const ROLE_OPTIONS: readonly RoleValue[] = ['ROLE_USER', 'ROLE_ADMIN'];

/** Plan claims as people say them (no claim = Free). */
export const planLabel = (plan: string | null): string =>
  plan ? `${plan.charAt(0)}${plan.slice(1).toLowerCase()}` : 'Free';

export const roleLabel = (role: RoleValue): string => (role === 'ROLE_ADMIN' ? 'Admin' : 'User');

/** A <select> needs a string for "no plan". */
export const FREE = 'FREE';
export const planFromSelect = (value: string): PlanValue =>
  value === FREE ? null : (PLAN_OPTIONS.find((plan) => plan === value) ?? null);

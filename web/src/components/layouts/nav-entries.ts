import type { IconName } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { adminRoles, type Role, userRoles } from '@/config/roles';

export type NavEntry = {
  label: string;
  to: string;
  roles: readonly Role[];
  icon: IconName;
  note?: string;
};

/** The sidebar of spec 1 §2.3, in its order. */
export const navEntries = (hasPlan: boolean): NavEntry[] => [
  { label: 'Recommended ETFs', to: paths.home, roles: userRoles, icon: 'star' },
  { label: 'Etf Trackings', to: paths.etfTrackings, roles: userRoles, icon: 'chart' },
  { label: 'Portfolios', to: paths.portfolios, roles: userRoles, icon: 'briefcase' },
  { label: 'Taxes', to: paths.taxes, roles: userRoles, icon: 'receipt' },
  { label: 'Users', to: paths.users, roles: adminRoles, icon: 'users' },
  { label: 'TestPage', to: paths.testPage, roles: adminRoles, icon: 'beaker' },
  { label: 'UsersTable', to: paths.usersTable, roles: adminRoles, icon: 'table' },
  { label: hasPlan ? 'Billing' : 'Pricing', to: paths.pricing, roles: userRoles, icon: 'card' },
  { label: 'About', to: paths.about, roles: adminRoles, icon: 'info' },
  { label: 'FeedbackPanel', to: paths.feedbackPanel, roles: adminRoles, icon: 'inbox' },
  { label: 'Admin', to: paths.admin, roles: adminRoles, icon: 'shield' },
];

/** An entry is shown only if its allowed roles include one of the user's roles. */
export const visibleEntries = (roles: readonly string[], hasPlan: boolean): NavEntry[] =>
  navEntries(hasPlan).filter((entry) => entry.roles.some((role) => roles.includes(role)));

export const settingsEntry: NavEntry = {
  label: 'Settings',
  to: paths.settingsAccount,
  roles: userRoles,
  icon: 'cog',
};

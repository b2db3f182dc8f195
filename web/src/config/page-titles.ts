import { matchPath } from 'react-router-dom';

export const SITE_NAME = 'ETF Replicator';
/** "Tracked ETFs · ETF Replicator": how every page names itself in the browser's tab. */
export const documentTitle = (title: string): string => `${title} · ${SITE_NAME}`;
export const LANDING_TITLE = `${SITE_NAME} · Direct indexing without the fees`;

type Params = Readonly<Record<string, string | undefined>>;
type Entry = {
  readonly pattern: string;
  readonly title: string | ((params: Params) => string);
  /** The page refines the title once its data is in (time travel names the ETF, pricing the caller's plan). */
  readonly refined?: true;
};

const at = (pattern: string, title: Entry['title'], refined?: true): Entry =>
  refined ? { pattern, title, refined } : { pattern, title };

/**
 * Every route's own title, known from the URL alone (issue 15: titles used to read "ETF Replicator" for about a
 * second, until the page's lazily loaded code rendered its own). The router sets it the moment a navigation starts
 * (app/route-titles.ts); the page sets the same text when it renders. `/` depends on the session.
 */
const ENTRIES: readonly Entry[] = [
  at('/landing', () => LANDING_TITLE),
  at('/scan', 'Welcome'),
  at('/directindexing', 'Direct Indexing'),
  at('/tax-loss-harvesting', 'Tax-loss harvesting'),
  at('/privacy-policy', 'Privacy Policy'),
  at('/tos', 'Terms of Service'),
  at('/feedback-noauth', 'Feedback'),
  at('/feedback', 'Feedback'),
  at('/pricing', 'Pricing', true),
  at('/login', 'Sign in to your account'),
  at('/register', 'Create your account'),
  at('/forgot-password', 'Reset Your Password'),
  at('/confirmation-email-sent', 'Check Your Inbox'),
  at('/account-activation', 'Account Activation'),
  at('/reset-password', 'Choose a New Password'),
  at('/update-email', 'Email Update'),
  at('/cancel-email-change', 'Cancel Email Change'),
  at('/unauthorized', 'Unauthorized'),
  at('/users', 'Users'),
  at('/testpage', 'TestPage'),
  at('/userstable', 'UsersTable'),
  at('/about', 'About'),
  at('/feedbackpanel', 'Feedback Insights'),
  at('/admin', 'Admin'),
  at('/admin/audit', 'Audit log'),
  at('/admin/environment', 'Environment'),
  at('/admin/projection-failures', 'Parked events'),
  at('/admin/trackings', 'Tracking time travel'),
  at('/admin/trackings/:trackingId', 'Time travel', true),
  at('/settings', 'Account settings'),
  at('/settings/account', 'Account settings'),
  at('/settings/account/change-password', 'Change password'),
  at('/settings/account/change-email', 'Change email'),
  at('/settings/invoices', 'Your Invoices'),
  at('/etftrackings', 'Tracked ETFs'),
  at('/portfolios', 'Portfolios'),
  at('/taxes', 'Taxes'),
  at('/newtracking/:symbol?', 'New Tracking'),
  at('/tracking/:symbol', ({ symbol }) => `${(symbol ?? '').toUpperCase()} Tracking`),
];

export type RouteTitle = { readonly title: string; readonly refined: boolean };

/** The document title of a path; `signedIn` decides `/` (the landing page, or Recommended ETFs). */
export const routeTitle = (pathname: string, { signedIn }: { signedIn: boolean }): RouteTitle => {
  if (matchPath({ path: '/', end: true }, pathname))
    return { title: signedIn ? documentTitle('Recommended ETFs') : LANDING_TITLE, refined: false };
  for (const entry of ENTRIES) {
    const match = matchPath({ path: entry.pattern, end: true }, pathname);
    if (!match) continue;
    const named = typeof entry.title === 'string' ? entry.title : entry.title(match.params);
    // The landing title is a whole title already; every other entry is the page's own name.
    return { title: named === LANDING_TITLE ? named : documentTitle(named), refined: entry.refined === true };
  }
  return { title: documentTitle('Page not found'), refined: false };
};

/** Every route of spec 1 §2.1 and spec 2 §2, in one place, so links and the router never disagree. */
export const paths = {
  home: '/',
  feedback: '/feedback',
  pricing: '/pricing',

  users: '/users',
  testPage: '/testpage',
  usersTable: '/userstable',
  about: '/about',
  feedbackPanel: '/feedbackpanel',
  admin: '/admin',
  adminEnvironment: '/admin/environment',
  adminAudit: '/admin/audit',
  adminTrackings: '/admin/trackings',
  adminProjectionFailures: '/admin/projection-failures',
  /** Support's time travel over one tracking, optionally at a log position. */
  adminTimeTravel: (trackingId: string, until?: string) =>
    `/admin/trackings/${encodeURIComponent(trackingId)}${until ? `?until=${encodeURIComponent(until)}` : ''}`,

  settings: '/settings',
  settingsAccount: '/settings/account',
  changePassword: '/settings/account/change-password',
  changeEmail: '/settings/account/change-email',
  settingsInvoices: '/settings/invoices',
  etfTrackings: '/etftrackings',
  portfolios: '/portfolios',
  /** The investor's account-wide taxes (issue 26): Form 8949 Part I / II of a year, open wash-sale windows. */
  taxes: '/taxes',
  newTracking: '/newtracking',
  newTrackingFor: (symbol: string) => `/newtracking/${encodeURIComponent(symbol)}`,
  tracking: (symbol: string) => `/tracking/${encodeURIComponent(symbol)}`,
  /** The tracking detail with its trackingId in the URL too (spec 2 sends it in navigation state only), so reloads and shared links work. */
  trackingById: (symbol: string, trackingId: string) =>
    `/tracking/${encodeURIComponent(symbol)}?id=${encodeURIComponent(trackingId)}`,

  confirmationEmailSent: '/confirmation-email-sent/',
  accountActivation: '/account-activation',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  updateEmail: '/update-email',
  cancelEmailChange: '/cancel-email-change',
  unauthorized: '/unauthorized',

  register: '/register',
  login: '/login',
  privacyPolicy: '/privacy-policy',
  tos: '/tos',
  landing: '/landing',
  scan: '/scan',
  directIndexing: '/directindexing',
  /** How tax-loss harvesting works here and its limits (the landing page's 1-2 % claim links to it). */
  taxLossHarvesting: '/tax-loss-harvesting',
  feedbackNoAuth: '/feedback-noauth',

  googleSignIn: '/api/auth/google',
} as const;

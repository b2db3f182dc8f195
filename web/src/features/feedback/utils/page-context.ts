import type { FeedbackSubmission } from '@etf-replicator/core/contracts/feedback';

export type PageContext = Required<Omit<FeedbackSubmission, 'email' | 'message'>>;

/** What a feedback message carries about where it was written (spec 2 §3), gathered at the moment of sending. */
export const collectPageContext = (now: Date = new Date()): PageContext => ({
  timestamp: now.toISOString(),
  userAgent: navigator.userAgent,
  language: navigator.language,
  screenResolution: `${window.screen.width}x${window.screen.height}`,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  referrer: document.referrer || 'direct',
  pageUrl: window.location.href,
});

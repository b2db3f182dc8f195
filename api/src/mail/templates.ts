import type { MailMessage } from './mail-message';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One plain layout: a greeting, paragraphs, an optional button, a footer. Text and HTML say the same. */
const compose = ({
  to,
  subject,
  name,
  paragraphs,
  action,
  footer,
}: {
  to: string;
  subject: string;
  name: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  footer: string;
}): MailMessage => {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    footer,
    '— ETF Replicator',
  ].join('\n\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${button}
<p style="font-size:12px;color:#555">${escapeHtml(footer)}</p><p>— ETF Replicator</p></body></html>`;
  return { to, subject, text, html, links: action ? [action.url] : [] };
};

const ignore = "If you didn't ask for this, you can ignore this email.";

export const confirmationMail = (to: string, name: string, url: string) =>
  compose({
    to,
    subject: 'Confirm your ETF Replicator account',
    name,
    paragraphs: [
      'Thanks for signing up. Please confirm your email address to activate your account.',
      'The link is valid for 24 hours.',
    ],
    action: { label: 'Confirm my account', url },
    footer: ignore,
  });

export const passwordResetMail = (to: string, name: string, url: string) =>
  compose({
    to,
    subject: 'Reset your ETF Replicator password',
    name,
    paragraphs: [
      'We received a request to reset your password.',
      'The link is valid for 1 hour and works once.',
    ],
    action: { label: 'Reset my password', url },
    footer: ignore,
  });

/** For an account that signs in with Google only: the same reset page creates its first password. */
export const createPasswordMail = (to: string, name: string, url: string) =>
  compose({
    to,
    subject: 'Create a password for ETF Replicator',
    name,
    paragraphs: [
      'Your account signs in with Google. Create a password to also sign in with your email address, or before you disconnect Google.',
      'The link is valid for 1 hour and works once.',
    ],
    action: { label: 'Create my password', url },
    footer: ignore,
  });

export const emailChangeMail = (to: string, name: string, url: string) =>
  compose({
    to,
    subject: 'Confirm your new email address',
    name,
    paragraphs: [
      'Please confirm that you want to use this address for your ETF Replicator account.',
      'The link is valid for 24 hours.',
    ],
    action: { label: 'Confirm my new email', url },
    footer: ignore,
  });

/** To the OLD address, when the change is requested: who asked, and a link to cancel it. */
export const emailChangeRequestedNotice = (to: string, name: string, newEmail: string, cancelUrl: string) =>
  compose({
    to,
    subject: 'Someone asked to change your ETF Replicator email address',
    name,
    paragraphs: [
      `A change of your account's email address to ${newEmail} was requested. It takes effect when the link sent to that address is opened.`,
      'If this was not you, cancel it now: the link below stops the change and signs your account out everywhere. Then reset your password.',
    ],
    action: { label: 'Cancel the email change', url: cancelUrl },
    footer: 'If you asked for this change yourself, you need not do anything.',
  });

export const emailChangedNotice = (to: string, name: string, newEmail: string) =>
  compose({
    to,
    subject: 'Your ETF Replicator email address was changed',
    name,
    paragraphs: [`The email address of your account is now ${newEmail}.`],
    footer: "If you didn't make this change, contact support right away.",
  });

export type DriftAlertMailContent = {
  /** What the tracking replicates, as the investor reads it ("VOO", "70 % VTI + 30 % QQQ"). */
  readonly trackingName: string;
  /** Rates as percent decimal strings ("81.234"); shown to 2 decimals. */
  readonly referenceRate: string | null;
  readonly currentRate: string;
  readonly orders: readonly {
    readonly orderType: string;
    readonly shares: string;
    readonly symbol: string;
  }[];
  /** Why orders of flagged symbols were left out (issue 32: a price move no recorded action explains). */
  readonly pausedReasons?: readonly string[];
  /** Under a gains budget (issue 31): whether the orders respect it (core taxBudgetNote). */
  readonly budgetNote?: string;
  readonly trackingUrl: string;
  readonly unsubscribeUrl: string;
};

const MAX_ORDERS_IN_MAIL = 10;
const rateText = (rate: string) => {
  const [whole = '0', fraction = ''] = rate.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}%`;
};

/** Issue 20: a tracking drifted past its alert threshold after a new snapshot. */
export const driftAlertMail = (to: string, name: string, content: DriftAlertMailContent): MailMessage => {
  const orders = content.orders
    .slice(0, MAX_ORDERS_IN_MAIL)
    .map((o) => `${o.orderType} ${o.shares} ${o.symbol}`);
  const more = content.orders.length - orders.length;
  const message = compose({
    to,
    subject: `Your ${content.trackingName} tracking has drifted`,
    name,
    paragraphs: [
      content.referenceRate === null
        ? `New prices moved your ${content.trackingName} tracking: its replication rate is now ${rateText(content.currentRate)}.`
        : `New prices moved your ${content.trackingName} tracking: its replication rate fell from ${rateText(content.referenceRate)} after your last order to ${rateText(content.currentRate)}.`,
      orders.length === 0
        ? 'Open the tracking to see what would bring it back in line.'
        : `These orders would restore it: ${orders.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`,
      ...(content.budgetNote ? [content.budgetNote] : []),
      ...(content.pausedReasons ?? []).map((reason) => `${reason}.`),
    ],
    action: { label: 'Open the tracking', url: content.trackingUrl },
    footer: `You get this because drift alerts are on for this tracking. Turn them off: ${content.unsubscribeUrl}`,
  });
  return { ...message, links: [...message.links, content.unsubscribeUrl] };
};

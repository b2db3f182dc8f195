import type { BillingRecord } from '@etf-replicator/core/billing/contracts';
import { formatDate } from '@/lib/format';

export type SubscriptionStatus = {
  /** The badge: "Active", "Payment overdue", … */
  label: string;
  tone: 'green' | 'yellow' | 'red' | 'slate';
  /** What happens next, in words: "Renews on Dec 14, 2026", "Ends on Dec 14, 2026"; null when unknown. */
  next: string | null;
};

/** Stripe's subscription statuses in words (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
const STATUS: Record<string, Pick<SubscriptionStatus, 'label' | 'tone'>> = {
  active: { label: 'Active', tone: 'green' },
  trialing: { label: 'Trial', tone: 'green' },
  past_due: { label: 'Payment overdue', tone: 'yellow' },
  unpaid: { label: 'Unpaid', tone: 'red' },
  incomplete: { label: 'Awaiting payment', tone: 'yellow' },
  incomplete_expired: { label: 'Expired', tone: 'slate' },
  paused: { label: 'Paused', tone: 'slate' },
  canceled: { label: 'Cancelled', tone: 'slate' },
};

/**
 * Issue 32: the Billing Dashboard led with raw `cus_local_…` / `sub_local_…` ids. It now says what a customer
 * wants to know: the subscription's state and what happens next. Spec 1: a truthy subscriptionPlan means a live
 * subscription (Active when the provider gives no other status); without one there is none to describe.
 */
export const subscriptionStatus = (
  record: Pick<
    BillingRecord,
    'subscriptionPlan' | 'subscriptionStatus' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'
  >,
): SubscriptionStatus | null => {
  if (!record.subscriptionPlan) return null;
  const known = STATUS[record.subscriptionStatus ?? 'active'] ?? {
    label: (record.subscriptionStatus ?? '').replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()),
    tone: 'slate' as const,
  };
  const ending = record.cancelAtPeriodEnd || record.subscriptionStatus === 'canceled';
  const next = record.currentPeriodEnd
    ? `${ending ? 'Ends' : 'Renews'} on ${formatDate(record.currentPeriodEnd)}`
    : null;
  return { ...known, next };
};

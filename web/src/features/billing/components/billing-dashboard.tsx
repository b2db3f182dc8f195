import { offeringFor } from '@etf-replicator/core/billing/plan-offerings';
import type { ReactNode } from 'react';
import { PlanBadge } from '@/components/layouts/plan-badge';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/stores/session-store';
import { useBillingRecord } from '../api/get-billing-record';
import { formatAmount } from '../utils/format';
import { subscriptionStatus } from '../utils/subscription-status';
import { BillingError } from './billing-error';
import { ManageBillingForm } from './manage-billing-form';

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
    <dt className="text-sm font-medium text-slate-600">{term}</dt>
    <dd className="min-w-0 text-slate-900 sm:col-span-2">{children}</dd>
  </div>
);

/** A provider id for support: small, muted, and allowed to wrap anywhere (it has no spaces). */
const Reference = ({ term, value }: { term: string; value: string | null }) => (
  <div className="flex min-w-0 flex-wrap gap-x-2">
    <dt>{term}</dt>
    <dd className="min-w-0 font-mono wrap-anywhere">{value ?? '—'}</dd>
  </div>
);

/**
 * Spec 1 §2.5, with a plan: the plan with its price, the subscription's status (Active badge when subscriptionPlan
 * is truthy) and next renewal or end, the e-mail address and Manage Billing. Issue 32: the customer and
 * subscription ids are still there for support, but small and last, never the main text.
 */
export const BillingDashboard = ({ userId }: { userId: string }) => {
  const plan = useSession((state) => state.plan);
  const { data: record, isPending, error } = useBillingRecord(userId);
  if (isPending) return <Spinner label="Loading your billing…" />;
  if (error) return <BillingError error={error} />;
  const shownPlan = record.subscriptionPlan ?? plan;
  const price = offeringFor(shownPlan)?.monthlyPriceUsd;
  const status = subscriptionStatus(record);
  return (
    <section
      aria-labelledby="billing-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h1 id="billing-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Billing Dashboard
      </h1>
      <dl className="mt-4 divide-y divide-slate-200">
        <Row term="Current plan">
          <span className="flex flex-wrap items-center gap-2">
            <PlanBadge plan={shownPlan} />
            {price !== undefined && price > 0 && (
              <span className="text-sm text-slate-600">{`${formatAmount(price * 100)} a month`}</span>
            )}
          </span>
        </Row>
        <Row term="Subscription">
          {status ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={status.tone}>{status.label}</Badge>
              {status.next && <span className="text-sm text-slate-700">{status.next}</span>}
            </span>
          ) : (
            <span className="text-sm text-slate-600">No subscription</span>
          )}
        </Row>
        <Row term="Billing e-mail">
          <span className="wrap-anywhere">{record.email ?? '—'}</span>
        </Row>
      </dl>
      <div className="mt-6">
        <ManageBillingForm userId={userId} />
      </div>
      <section aria-labelledby="billing-references" className="mt-6 border-t border-slate-100 pt-4">
        <h2 id="billing-references" className="text-xs font-medium text-slate-500">
          References for support
        </h2>
        <dl className="mt-1 space-y-0.5 text-xs text-slate-500">
          <Reference term="Customer ID" value={record.customerId} />
          <Reference term="Subscription ID" value={record.subscriptionId} />
        </dl>
      </section>
    </section>
  );
};

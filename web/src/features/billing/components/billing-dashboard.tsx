import type { ReactNode } from 'react';
import { PlanBadge } from '@/components/layouts/plan-badge';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/stores/session-store';
import { useBillingRecord } from '../api/get-billing-record';
import { BillingError } from './billing-error';
import { ManageBillingForm } from './manage-billing-form';

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
    <dt className="text-sm font-medium text-slate-600">{term}</dt>
    <dd className="break-all text-slate-900 sm:col-span-2">{children}</dd>
  </div>
);

/**
 * Spec 1 §2.5, with a plan: customer id, subscription id with an Active badge (when subscriptionPlan is truthy),
 * the current plan badge, the e-mail address and Manage Billing.
 */
export const BillingDashboard = ({ userId }: { userId: string }) => {
  const plan = useSession((state) => state.plan);
  const { data: record, isPending, error } = useBillingRecord(userId);
  if (isPending) return <Spinner label="Loading your billing…" />;
  if (error) return <BillingError error={error} />;
  return (
    <section
      aria-labelledby="billing-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h1 id="billing-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Billing Dashboard
      </h1>
      <dl className="mt-4 divide-y divide-slate-200">
        <Row term="Customer ID">{record.customerId ?? '—'}</Row>
        <Row term="Subscription ID">
          <span className="flex flex-wrap items-center gap-2">
            <span>{record.subscriptionId ?? '—'}</span>
            {record.subscriptionPlan && <Badge tone="green">Active</Badge>}
          </span>
        </Row>
        <Row term="Current plan">
          <PlanBadge plan={record.subscriptionPlan ?? plan} />
        </Row>
        <Row term="Email">{record.email ?? '—'}</Row>
      </dl>
      <div className="mt-6">
        <ManageBillingForm userId={userId} />
      </div>
    </section>
  );
};

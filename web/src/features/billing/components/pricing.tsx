import { type PlanOffering, planName } from '@etf-replicator/core/billing/plan-offerings';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { useBillingConfig } from '../api/get-billing-config';
import { useRefreshOnReturn } from '../hooks/use-refresh-on-return';
import { BillingDashboard } from './billing-dashboard';
import { BillingError } from './billing-error';
import { LocalCheckout } from './local-checkout';
import { LocalModeNotice } from './local-mode-notice';
import { LocalPortal } from './local-portal';
import { PlanGrid } from './plan-grid';
import { PortalHandoff } from './portal-handoff';
import { StripePricingTable } from './stripe-pricing-table';

const PAID = ['STARTER', 'GROWTH', 'PRO'] as const;
const paidPlanParam = (value: string | null) => PAID.find((plan) => plan === value);

const Plans = ({
  intro,
  actionFor,
}: {
  intro?: ReactNode;
  actionFor: (offering: PlanOffering) => ReactNode;
}) => (
  <section aria-labelledby="plans-heading" className="space-y-6">
    <h1 id="plans-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
      Pricing
    </h1>
    {intro}
    <p className="text-slate-600">
      Start free. Paid plans are billed monthly in USD and renew automatically until you cancel.
    </p>
    <PlanGrid actionFor={actionFor} />
  </section>
);

const subscribeLink = (offering: PlanOffering) =>
  offering.plan ? (
    <ButtonLink
      to={`${paths.pricing}?subscribe=${offering.plan}`}
      variant={offering.mostPopular ? 'primary' : 'secondary'}
      className="w-full"
      aria-label={`Subscribe to ${offering.name}`}
    >
      Subscribe
    </ButtonLink>
  ) : (
    <Button variant="secondary" className="w-full" disabled>
      Current plan
    </Button>
  );

const signUpLink = (offering: PlanOffering) => (
  <ButtonLink
    to={offering.plan ? paths.login : paths.register}
    variant={offering.mostPopular ? 'primary' : 'secondary'}
    className="w-full"
    aria-label={`Get Started with ${offering.name}`}
  >
    Get Started
  </ButtonLink>
);

/**
 * /pricing (spec 1 §2.5). Without a plan: Stripe's embedded pricing table when Stripe is configured, else our own
 * four-plan grid in a clearly labelled local test mode (its checkout and portal are views of this page). With a
 * plan: the Billing Dashboard.
 */
export const Pricing = () => {
  const userId = useSession((state) => state.userId);
  const plan = useSession((state) => state.plan);
  const email = useSession((state) => state.subject);
  const restoring = useSession((state) => state.accessToken === undefined && state.hasRefreshToken);
  const [params] = useSearchParams();
  const config = useBillingConfig();
  useRefreshOnReturn(params);

  const billingError = params.get('billingError');
  const manage = params.get('manage');
  const subscribe = paidPlanParam(params.get('subscribe'));
  const local = config.data?.mode === 'local';

  const content = (() => {
    if (restoring) return <Spinner label="Loading plans…" />;
    // Visitors see the plans at once; the local-mode notice follows when the server says so.
    if (!userId) return <Plans intro={local && <LocalModeNotice />} actionFor={signUpLink} />;
    if (config.isPending) return <Spinner label="Loading plans…" />;
    if (config.error) return <BillingError error={config.error} />;
    if (manage === 'portal' || manage === 'update') return <PortalHandoff kind={manage} userId={userId} />;
    if (local && subscribe && !plan) return <LocalCheckout plan={subscribe} />;
    if (local && params.get('portal') === 'local') return <LocalPortal flow={params.get('flow')} />;
    if (plan) return <BillingDashboard userId={userId} />;
    const { publishableKey, pricingTableId } = config.data;
    if (!local && publishableKey && pricingTableId) {
      return (
        <section aria-labelledby="plans-heading" className="space-y-6">
          <h1 id="plans-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            Pricing
          </h1>
          <StripePricingTable
            pricingTableId={pricingTableId}
            publishableKey={publishableKey}
            userId={userId}
            email={email}
          />
        </section>
      );
    }
    return <Plans intro={local && <LocalModeNotice />} actionFor={subscribeLink} />;
  })();

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <PageTitle title={plan ? `Billing · ${planName(plan)}` : 'Pricing'} />
      {billingError && (
        <p role="alert" className="text-red-600">
          Error: {billingError}
        </p>
      )}
      {content}
    </div>
  );
};

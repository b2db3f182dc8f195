import { offeringFor, type PaidPlan } from '@etf-replicator/core/billing/plan-offerings';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLocalBillingAction } from '../api/local-billing';
import { formatAmount } from '../utils/format';
import { BillingError } from './billing-error';
import { LocalModeNotice } from './local-mode-notice';

/** Local test mode's checkout page: one click sends the events a Stripe checkout would send, to our own webhook. */
export const LocalCheckout = ({ plan }: { plan: PaidPlan }) => {
  const offering = offeringFor(plan);
  const navigate = useNavigate();
  const checkout = useLocalBillingAction({
    mutationConfig: {
      onSuccess: () => {
        toast.success(`You are now on the ${offering?.name} plan.`);
        navigate(paths.pricing, { replace: true });
      },
    },
  });
  if (!offering) return null;
  const price = formatAmount(offering.monthlyPriceUsd * 100);
  return (
    <section aria-labelledby="checkout-heading" className="mx-auto max-w-lg space-y-6">
      <LocalModeNotice />
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 id="checkout-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Checkout: {offering.name}
        </h1>
        <p className="mt-2 text-slate-600">
          {price} per month, renewed automatically until you cancel. Nothing is charged in local test mode.
        </p>
        <ul aria-label={`${offering.name} features`} className="mt-4 space-y-1 text-sm text-slate-700">
          {offering.features.map((feature) => (
            <li key={feature}>✓ {feature}</li>
          ))}
        </ul>
        {checkout.error && (
          <div className="mt-4">
            <BillingError error={checkout.error} />
          </div>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Button disabled={checkout.isPending} onClick={() => checkout.mutate({ action: 'checkout', plan })}>
            {checkout.isPending ? 'Processing...' : `Pay ${price} and subscribe`}
          </Button>
          <ButtonLink to={paths.pricing} variant="secondary">
            Back to plans
          </ButtonLink>
        </div>
      </div>
    </section>
  );
};

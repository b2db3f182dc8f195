import { offeringFor, PAID_PLANS, planName } from '@etf-replicator/core/billing/plan-offerings';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PlanBadge } from '@/components/layouts/plan-badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import { type LocalBillingAction, useLocalBillingAction } from '../api/local-billing';
import { formatAmount } from '../utils/format';
import { BillingError } from './billing-error';
import { LocalModeNotice } from './local-mode-notice';

const messageFor = (input: LocalBillingAction): string => {
  switch (input.action) {
    case 'cancel':
      return 'Your subscription was cancelled. You are on the Free plan.';
    case 'payment-failure':
      return 'The renewal payment failed: paid access has ended.';
    default:
      return `You are now on the ${planName('plan' in input ? input.plan : null)} plan.`;
  }
};

/** Local test mode's customer portal: change plan, cancel, or simulate a failed renewal, the Stripe way. */
export const LocalPortal = ({ flow }: { flow: string | null }) => {
  const plan = useSession((state) => state.plan);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const action = useLocalBillingAction({
    mutationConfig: {
      onSuccess: (_result, input) => {
        toast.success(messageFor(input));
        navigate(paths.pricing, { replace: true });
      },
    },
  });
  const run = (input: LocalBillingAction) => {
    setConfirming(false);
    action.mutate(input);
  };
  return (
    <section aria-labelledby="portal-heading" className="mx-auto max-w-2xl space-y-6">
      <LocalModeNotice />
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 id="portal-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          {flow === 'update' ? 'Update your subscription' : 'Billing portal'}
        </h1>
        <p className="mt-2 flex items-center gap-2 text-slate-600">
          Current plan: <PlanBadge plan={plan} />
        </p>
        {action.error && (
          <div className="mt-4">
            <BillingError error={action.error} />
          </div>
        )}
        <h2 className="mt-6 text-sm font-semibold text-slate-900">Change plan</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {PAID_PLANS.map((paid) => {
            const offering = offeringFor(paid);
            const current = paid === plan;
            return (
              <li key={paid} className="rounded-lg p-4 ring-1 ring-slate-200">
                <p className="font-medium text-slate-900">{offering?.name}</p>
                <p className="text-sm text-slate-600">
                  {formatAmount((offering?.monthlyPriceUsd ?? 0) * 100)} / month
                </p>
                <Button
                  className="mt-3 w-full"
                  variant={current ? 'secondary' : 'primary'}
                  disabled={current || action.isPending || !plan}
                  onClick={() => run({ action: 'change-plan', plan: paid })}
                >
                  {current ? 'Current plan' : `Switch to ${offering?.name}`}
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="mt-8 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
          <Button variant="danger" disabled={action.isPending || !plan} onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
          <Button
            variant="secondary"
            disabled={action.isPending || !plan}
            onClick={() => run({ action: 'payment-failure' })}
          >
            Simulate a failed payment
          </Button>
          <ButtonLink to={paths.pricing} variant="ghost">
            Return to billing
          </ButtonLink>
        </div>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description="Paid features end now and you return to the Free plan. Your trackings are kept."
      >
        <DialogClose asChild>
          <Button variant="secondary">Keep subscription</Button>
        </DialogClose>
        <Button variant="danger" onClick={() => run({ action: 'cancel' })}>
          Yes, cancel
        </Button>
      </Dialog>
    </section>
  );
};

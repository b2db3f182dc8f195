import { planName } from '@etf-replicator/core/billing/plan-offerings';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';

/** Blends and own lists are for paid plans: said before the user builds one, in the words of the server's 403. */
export const PAID_PLAN_TEXT = (plan: string | undefined) =>
  `Blends of ETFs and your own lists need a paid plan (Starter, Growth or Pro); your plan is ${planName(plan)}.`;

export const PaidPlanNotice = ({ plan }: { plan: string | undefined }) => (
  <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
    {`${PAID_PLAN_TEXT(plan)} `}
    <TextLink to={paths.pricing}>See the plans</TextLink>
  </p>
);

import { PLAN_OFFERINGS } from '@etf-replicator/core/billing/plan-offerings';
import { PlanCard } from '@/components/plans/plan-card';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The four-plan grid of spec 1 §9; Growth is marked most popular. */
export const PricingGrid = () => (
  <section
    id="pricing"
    tabIndex={-1}
    aria-labelledby="pricing-heading"
    className="scroll-mt-20 bg-slate-50 py-16 outline-none sm:py-24"
  >
    <div className="mx-auto max-w-6xl px-4">
      <h2 id="pricing-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        Pricing
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
        Start free. Paid plans are billed monthly in USD and renew automatically until you cancel.
      </p>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PLAN_OFFERINGS.map((plan) => (
          <li key={plan.name} className="flex">
            <PlanCard
              offering={plan}
              idPrefix="plan"
              headingLevel="h3"
              action={
                <ButtonLink
                  to={paths.register}
                  variant={plan.mostPopular ? 'primary' : 'secondary'}
                  aria-label={`Get Started with ${plan.name}`}
                  className="flex-1"
                >
                  Get Started
                </ButtonLink>
              }
            />
          </li>
        ))}
      </ul>
    </div>
  </section>
);

import { PLAN_OFFERINGS, type PlanOffering } from '@etf-replicator/core/billing/plan-offerings';
import type { ReactNode } from 'react';
import { PlanCard } from '@/components/plans/plan-card';

/** The four-plan grid of spec 1 §9 (Growth most popular); each card's button comes from the caller. */
export const PlanGrid = ({ actionFor }: { actionFor: (offering: PlanOffering) => ReactNode }) => (
  <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
    {PLAN_OFFERINGS.map((offering) => (
      <li key={offering.name} className="flex">
        <PlanCard
          offering={offering}
          action={actionFor(offering)}
          idPrefix="billing-plan"
          headingLevel="h2"
        />
      </li>
    ))}
  </ul>
);

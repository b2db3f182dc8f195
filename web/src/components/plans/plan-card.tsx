import type { PlanOffering } from '@etf-replicator/core/billing/plan-offerings';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One plan of spec 1 §9 (name, price, features, most-popular ribbon); the action below it comes from the caller. */
export const PlanCard = ({
  offering,
  action,
  idPrefix,
  headingLevel: Heading,
}: {
  offering: PlanOffering;
  action: ReactNode;
  idPrefix: string;
  headingLevel: 'h2' | 'h3';
}) => {
  const headingId = `${idPrefix}-${offering.name.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm',
        offering.mostPopular ? 'ring-2 ring-indigo-600' : 'ring-1 ring-slate-200',
      )}
    >
      {offering.mostPopular && (
        <p className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most popular
        </p>
      )}
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {offering.name}
      </Heading>
      <p className="mt-1 text-sm text-slate-600">{offering.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">${offering.monthlyPriceUsd}</span>
        <span className="text-sm text-slate-600">/month</span>
      </p>
      <ul aria-label={`${offering.name} features`} className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
        {offering.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-indigo-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex">{action}</div>
    </article>
  );
};

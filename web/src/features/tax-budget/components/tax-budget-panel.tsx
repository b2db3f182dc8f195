import type { TaxTradeoffResponse } from '@etf-replicator/core/contracts/tax-budget';
import type { TaxBudgetView } from '@etf-replicator/core/contracts/taxes';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import type { TrackingDetail } from '@/features/tracking-detail/api/get-tracking';
import { formatMoney, formatPercent, formatSignedMoney } from '@/lib/format';
import { useTaxTradeoff } from '../api/get-tax-tradeoff';
import { tradeoffChartData } from '../utils/tradeoff-chart-data';
import { TaxBudgetForm } from './tax-budget-form';
import { TradeoffChart } from './tradeoff-chart';

const limitText = (maxNetGain: string | null) => (maxNetGain === null ? 'no limit' : formatMoney(maxNetGain));

const Figure = ({ label, value }: { label: string; value: string }) => (
  <div>
    <dt className="text-slate-500">{label}</dt>
    <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
  </div>
);

/** The year's realised net gain against the budget, and what the orders realise with and without it. */
const BudgetFigures = ({ budget }: { budget: TaxBudgetView }) => (
  <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
    <Figure
      label={`Realised in ${budget.year}`}
      value={`${formatSignedMoney(budget.yearRealisedNetGain ?? '0')} of ${limitText(budget.maxNetGain)}`}
    />
    {budget.ordersRealisedNetGain !== undefined && (
      <Figure label="These orders realise" value={formatSignedMoney(budget.ordersRealisedNetGain)} />
    )}
    {budget.unconstrainedRealisedNetGain !== undefined && (
      <Figure label="Without the budget" value={formatSignedMoney(budget.unconstrainedRealisedNetGain)} />
    )}
  </dl>
);

/** "With $0 a year: not within 10 years", with the estimate's assumptions. */
const MultiYearPlan = ({ plan }: { plan: TaxTradeoffResponse['plan'] }) => {
  const each = `With ${limitText(plan.maxNetGain)} of net gains a year`;
  const outcome =
    plan.years === 0
      ? 'The rate is already 95 % or more.'
      : plan.years === null
        ? `${each}, the rate does not reach 95 % within ${plan.horizonYears} years (${formatPercent(plan.rates.at(-1) ?? '0')} at best).`
        : `${each}, about ${plan.years} ${plan.years === 1 ? 'year' : 'years'} to reach 95 %.`;
  return (
    <div className="text-sm text-slate-700">
      <p className="font-medium text-slate-900">{`Estimate: ${outcome}`}</p>
      <details className="mt-1">
        <summary className="cursor-pointer text-indigo-700">What the estimate assumes</summary>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {plan.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
      </details>
    </div>
  );
};

/**
 * The gains budget of a tracking (issue 31): set it, see the year's realised net gain against it, and the curve of
 * the best rate each budget reaches, with the tracking's budget marked and the years to 95 % at that budget.
 */
export const TaxBudgetPanel = ({ detail }: { detail: TrackingDetail }) => {
  const budget = detail.taxBudget;
  // Many solves: computed when a budget is set or the investor asks for it, not on every visit.
  const [asked, setAsked] = useState(false);
  const wanted = !detail.degraded && (budget !== undefined || asked);
  const tradeoff = useTaxTradeoff(detail.trackingId, wanted);
  return (
    <SectionCard
      title="Gains budget"
      intro="Reach the index from what you own while realising at most the capital gains you choose this year. Loss lots are sold first; each sale names the lots to close."
    >
      {budget && <BudgetFigures budget={budget} />}
      {budget && budget.applies === false && (
        <p className="text-sm text-amber-800">{`This budget is for ${budget.year}: today's orders do not use it.`}</p>
      )}
      <TaxBudgetForm key={JSON.stringify(budget ?? null)} trackingId={detail.trackingId} budget={budget} />
      {!wanted && !detail.degraded && (
        <Button variant="secondary" onClick={() => setAsked(true)}>
          Show what each budget buys
        </Button>
      )}
      {wanted && tradeoff.isPending && <Spinner label="Computing the trade-off…" />}
      {tradeoff.isError && <p className="text-sm text-slate-600">The trade-off could not be computed.</p>}
      {tradeoff.data && tradeoff.data.points.length > 0 && (
        <>
          <TradeoffChart data={tradeoffChartData(tradeoff.data, budget !== undefined)} />
          <MultiYearPlan plan={tradeoff.data.plan} />
        </>
      )}
    </SectionCard>
  );
};

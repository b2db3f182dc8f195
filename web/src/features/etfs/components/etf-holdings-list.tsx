import { useState } from 'react';
import { PricesAsOf } from '@/components/ui/prices-as-of';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney, formatPercent } from '@/lib/format';
import { useSession } from '@/stores/session-store';
import { useEtfHoldings } from '../api/get-etf-holdings';
import { useEtfInfo } from '../api/get-etf-info';
import { holdingsListView, planForHoldings } from '../utils/plan-view';
import { UpgradeBanner } from './upgrade-banner';

/** Ranks of the blurred rows that follow the shown ones. */
const placeholderRanks = (shown: number, count: number): number[] =>
  Array.from({ length: count }, (_, index) => shown + index + 1);

type Props = {
  symbol: string;
  title: string;
  /** Spec 2 §4: the first numberOfWeightings holdings by weight are highlighted. */
  highlighted?: number | undefined;
};

/** The ETF's holdings by weight with the plan rules of spec 2 §6 (free: 5 + blurred rows; mid plans: Show more and the upgrade banner; top plan: all). */
export const EtfHoldingsList = ({ symbol, title, highlighted }: Props) => {
  const holdings = useEtfHoldings(symbol);
  const info = useEtfInfo(symbol);
  const { plan, roles, userId } = useSession();
  const [expanded, setExpanded] = useState(false);
  const headingId = `holdings-${symbol}-heading`;
  if (holdings.isPending) return <Spinner label="Loading holdings…" />;
  const rows = holdings.data ?? [];
  const total = info.data?.holdingsCount ?? rows.length;
  const view = holdingsListView(planForHoldings(plan, roles), rows.length, total);
  const shown = rows.slice(0, expanded ? view.visible : view.initiallyShown);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          {info.data?.holdingsNote ?? 'No holdings to show for this ETF.'}
        </p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-2">
                  #
                </th>
                <th scope="col" className="py-2 pr-2">
                  Symbol
                </th>
                <th scope="col" className="py-2 pr-2">
                  Name
                </th>
                <th scope="col" className="py-2 pr-2 text-right">
                  Weight
                </th>
                <th scope="col" className="py-2 text-right">
                  Price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((holding, index) => {
                const inTracking = highlighted !== undefined && index < highlighted;
                return (
                  <tr
                    key={holding.asset}
                    className={cn(inTracking && 'bg-indigo-50/60')}
                    data-highlighted={inTracking || undefined}
                  >
                    <td className="py-2 pr-2 text-slate-500 tabular-nums">{index + 1}</td>
                    <td className="py-2 pr-2 font-semibold text-slate-900">
                      {holding.asset}
                      {inTracking && <span className="sr-only"> (in your tracking)</span>}
                    </td>
                    <td className="max-w-56 truncate py-2 pr-2 text-slate-700">{holding.name}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">
                      {formatPercent(holding.weightPercentage)}
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {holding.price === null ? 'n/a' : formatMoney(holding.price)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {view.placeholders > 0 && (
            <div
              aria-hidden="true"
              data-testid="holding-placeholders"
              className="select-none divide-y divide-slate-100 blur-sm"
            >
              {placeholderRanks(shown.length, view.placeholders).map((rank) => (
                <div key={rank} data-placeholder="true" className="flex gap-4 py-2 text-sm text-slate-400">
                  <span className="w-6">{rank}</span>
                  <span className="w-14 font-semibold">XXXX</span>
                  <span className="flex-1">Hidden holding</span>
                  <span>0.00%</span>
                </div>
              ))}
            </div>
          )}
          <PricesAsOf
            className="mt-2"
            pricesAsOf={
              info.data?.asOf.pricesFrom && info.data.asOf.pricesTo
                ? { from: info.data.asOf.pricesFrom, to: info.data.asOf.pricesTo }
                : null
            }
          />
          {view.placeholders > 0 && (
            <p className="mt-2 text-sm text-slate-600">
              {`The Free plan shows the top ${shown.length} of ${total} holdings.`}
            </p>
          )}
        </div>
      )}
      {view.showMore && (
        <button
          type="button"
          aria-expanded={expanded}
          className="text-sm font-semibold text-indigo-700 hover:underline"
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
      {view.upgradeBanner && rows.length > 0 && <UpgradeBanner total={total} userId={userId} />}
    </section>
  );
};

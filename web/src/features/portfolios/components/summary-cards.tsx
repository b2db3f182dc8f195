import { TARGET_STATE_TEXTS } from '@etf-replicator/core/replication/bands';
import { displayLeftover } from '@etf-replicator/core/shared/money';
import type { ReactNode } from 'react';
import { PricesAsOf } from '@/components/ui/prices-as-of';
import { RateBadge } from '@/components/ui/rate-badge';
import { formatMoney } from '@/lib/format';
import type { PortfolioResponse } from '../api/get-portfolio';

const Card = ({ term, children, note }: { term: string; children: ReactNode; note?: string }) => (
  <div className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
    <dt className="text-xs text-slate-500">{term}</dt>
    <dd className="mt-1 break-words text-xl font-semibold tabular-nums text-slate-900">{children}</dd>
    {note && <dd className="mt-0.5 text-xs text-slate-500">{note}</dd>}
  </div>
);

/**
 * Trackings, market value, invested, cash (money owed to the targets when negative, as a tracking's dashboard says
 * it: never a negative leftover), the portfolio's replication rate, and the dates of the prices used.
 */
export const SummaryCards = ({ summary }: { summary: PortfolioResponse['summary'] }) => {
  const cash = displayLeftover(summary.cash);
  const owed = cash.isNegative();
  return (
    <div className="space-y-2">
      <dl aria-label="Portfolio summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Card term="Trackings">{summary.trackings}</Card>
        <Card term="Market value" note={`Target ${formatMoney(summary.targetAmount)}`}>
          {formatMoney(summary.marketValue)}
        </Card>
        <Card term="Invested">{formatMoney(summary.investedValue)}</Card>
        <Card
          term={owed ? TARGET_STATE_TEXTS.owedLabel : 'Cash'}
          {...(owed ? { note: 'Spent beyond the cash' } : {})}
        >
          <span className={owed ? 'text-amber-800' : undefined} data-testid="portfolio-cash">
            {formatMoney(owed ? cash.neg() : cash)}
          </span>
        </Card>
        <Card term="Replication rate" note="Against the combined target">
          <RateBadge rate={summary.replicationRate} size="lg" testId="portfolio-rate" />
        </Card>
      </dl>
      <PricesAsOf pricesAsOf={summary.pricesAsOf} />
    </div>
  );
};

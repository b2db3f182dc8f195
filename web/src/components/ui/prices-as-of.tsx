import type { PricesAsOf as PricesSpan } from '@etf-replicator/core/contracts/trackings';
import { cn } from '@/lib/cn';
import { formatDate, formatDateRange } from '@/lib/format';

/**
 * Issue 32: one "prices as of" on every screen that shows money: the dates of the closes actually used (not the
 * holdings file's date). "Prices as of Nov 18, 2025", or "Prices as of Oct 30 – Nov 18, 2025" when closes span days.
 */
export type { PricesSpan };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The span of some closes' dates (each "YYYY-MM-DD"); null when none is a date. */
export const closesSpan = (dates: readonly (string | null | undefined)[]): PricesSpan | null => {
  const sorted = dates.filter((date): date is string => !!date && DATE_ONLY.test(date)).sort();
  const [from, to] = [sorted[0], sorted.at(-1)];
  return from && to ? { from, to } : null;
};

/** "Prices as of Oct 30 – Nov 18, 2025"; null when the closes' dates are unknown. */
export const pricesAsOfText = (span: PricesSpan | null | undefined): string | null =>
  span ? `Prices as of ${formatDateRange(span.from, span.to)}` : null;

type Props = {
  pricesAsOf: PricesSpan | null | undefined;
  /** The date the ETF's holdings (weights) describe, shown after the prices where a screen uses the weights. */
  holdingsAsOf?: string | null;
  className?: string;
};

/** The closes' dates under a screen's money figures (and the holdings' date where given); nothing when unknown. */
export const PricesAsOf = ({ pricesAsOf, holdingsAsOf, className }: Props) => {
  const parts = [
    pricesAsOfText(pricesAsOf),
    holdingsAsOf ? `ETF holdings as of ${formatDate(holdingsAsOf)}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className={cn('text-xs text-slate-500', className)} data-testid="prices-as-of">
      {`${parts.join(' · ')}.`}
    </p>
  );
};

import { type RateBadge as Band, replicationRateBadge } from '@etf-replicator/core/replication/bands';
import { cn } from '@/lib/cn';
import { formatPercent } from '@/lib/format';

const bandClasses: Record<Band, string> = {
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** The rate's colour band (spec 2 §4): red under 40, yellow under 80, green to 100, otherwise grey. */
export const rateBandClasses = (rate: string | null | undefined): string =>
  bandClasses[replicationRateBadge(rate)];

/** A replication rate (percent, decimal string) as a coloured badge, shown to 2 decimals. */
export const RateBadge = ({
  rate,
  className,
  testId,
  size = 'sm',
}: {
  rate: string | null | undefined;
  className?: string;
  testId?: string;
  /** 'lg' is the dashboard's headline figure: the number itself, coloured by its band (shown once). */
  size?: 'sm' | 'lg';
}) => (
  <span
    data-band={replicationRateBadge(rate)}
    data-testid={testId}
    className={cn(
      'inline-flex items-center whitespace-nowrap rounded-md font-semibold tabular-nums ring-1 ring-inset',
      size === 'lg' ? 'px-2.5 py-1 text-2xl' : 'px-2 py-0.5 text-xs',
      rateBandClasses(rate),
      className,
    )}
  >
    {formatPercent(rate)}
  </span>
);

import { TARGET_STATE_TEXTS } from '@etf-replicator/core/replication/bands';
import { displayLeftover } from '@etf-replicator/core/shared/money';
import { Link } from 'react-router-dom';
import { RateBadge } from '@/components/ui/rate-badge';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import type { PortfolioResponse } from '../api/get-portfolio';

/** The trackings the portfolio is made of, each a link to its detail page: value, cash (or owed), rate. */
export const TrackingsStrip = ({ trackings }: { trackings: PortfolioResponse['trackings'] }) => (
  <ul aria-label="Trackings in this portfolio" className="flex flex-wrap gap-3">
    {trackings.map((tracking) => {
      const cash = displayLeftover(tracking.cash);
      return (
        <li key={tracking.trackingId} className="min-w-0 max-sm:w-full">
          <Link
            to={paths.trackingById(tracking.symbol, tracking.trackingId)}
            state={{ trackingId: tracking.trackingId }}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span className="font-semibold text-slate-900">{tracking.label}</span>
            <span className="tabular-nums text-slate-700">{formatMoney(tracking.marketValue)}</span>
            <span className={`tabular-nums ${cash.isNegative() ? 'text-amber-800' : 'text-slate-500'}`}>
              {cash.isNegative()
                ? `${TARGET_STATE_TEXTS.owedLabel} ${formatMoney(cash.neg())}`
                : `cash ${formatMoney(cash)}`}
            </span>
            <RateBadge rate={tracking.replicationRate} />
          </Link>
        </li>
      );
    })}
  </ul>
);

import type { TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { HEADLINE_TEXTS, TARGET_STATE_TEXTS } from '@etf-replicator/core/replication/bands';
import { dec } from '@etf-replicator/core/shared/decimal';
import { displayLeftover } from '@etf-replicator/core/shared/money';
import { Link } from 'react-router-dom';
import { RateBadge } from '@/components/ui/rate-badge';
import { paths } from '@/config/paths';
import { summaryName } from '@/features/indexes/utils/tracking-name';
import { formatDateTime, formatMoney, formatPercent } from '@/lib/format';

type Props = {
  trackings: readonly TrackingSummary[];
  onOpen: (tracking: TrackingSummary) => void;
  onDelete: (tracking: TrackingSummary) => void;
};

const cell = 'px-4 py-3 max-sm:block max-sm:p-0';
/** Below 640 px each row is a card: the header row is hidden and every value carries its column name. */
const labelled =
  'max-sm:before:block max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';

/**
 * Symbol, Total Investment, Leftover Amount, Replication Rate and a delete action (spec 2 §2; the rate cell leads
 * with the share of the ETF held, issue 32): a table from 640 px,
 * one card per tracking below (issue 15: at 375 px the rate and Delete were scrolled out of sight). Each row also
 * names the ETF and says when the tracking was created, so two trackings of one ETF can be told apart (issue 15).
 */
export const TrackingsTable = ({ trackings, onOpen, onDelete }: Props) => (
  <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
    <table className="w-full text-left text-sm max-sm:block">
      <thead className="bg-slate-50 text-xs text-slate-600 uppercase max-sm:hidden">
        <tr>
          <th scope="col" className={cell}>
            Symbol
          </th>
          <th scope="col" className={cell}>
            Created
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Total Investment
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Leftover Amount
          </th>
          <th scope="col" className={cell}>
            Replication Rate
          </th>
          <th scope="col" className={cell}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-sm:block">
        {trackings.map((tracking) => (
          <tr
            key={tracking.trackingId}
            className="cursor-pointer hover:bg-slate-50 max-sm:grid max-sm:grid-cols-2 max-sm:items-end max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
            onClick={() => onOpen(tracking)}
          >
            <th scope="row" className={`${cell} max-w-64 text-slate-900 max-sm:col-span-2 max-sm:max-w-none`}>
              <Link
                to={paths.trackingById(tracking.symbol, tracking.trackingId)}
                state={{ trackingId: tracking.trackingId }}
                className="rounded-sm font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                onClick={(event) => event.stopPropagation()}
              >
                {summaryName(tracking)}
              </Link>
              {tracking.etfName && !tracking.indexLabel && (
                <span className="block truncate text-xs font-normal text-slate-500" title={tracking.etfName}>
                  {tracking.etfName}
                </span>
              )}
            </th>
            <td data-label="Created" className={`${cell} ${labelled} whitespace-nowrap text-slate-700`}>
              <time dateTime={tracking.createdAt}>{formatDateTime(tracking.createdAt)}</time>
            </td>
            <td
              data-label="Total Investment"
              className={`${cell} ${labelled} text-right tabular-nums max-sm:text-left`}
            >
              {formatMoney(tracking.amountInvested)}
            </td>
            <td
              data-label="Leftover Amount"
              className={`${cell} ${labelled} text-right tabular-nums max-sm:text-left`}
            >
              <CashCell tracking={tracking} />
            </td>
            <td data-label="Replication Rate" className={`${cell} ${labelled}`}>
              <RatesCell tracking={tracking} />
            </td>
            <td className={`${cell} text-right max-sm:col-span-2`}>
              <button
                type="button"
                aria-label={`Delete ${summaryName(tracking)} tracking created ${formatDateTime(tracking.createdAt)}`}
                className="rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
                onClick={(event) => {
                  event.stopPropagation();
                  onDelete(tracking);
                }}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

/** Cash left, or money owed to the target (never a negative leftover), and what reaching the target takes. */
const CashCell = ({ tracking }: { tracking: TrackingSummary }) => {
  const cash = displayLeftover(tracking.leftoverAmount);
  const missing = tracking.cashToReachTarget;
  return (
    <>
      {cash.isNegative() ? (
        <span className="text-amber-800">{`${TARGET_STATE_TEXTS.owedLabel}: ${formatMoney(cash.neg())}`}</span>
      ) : (
        formatMoney(cash)
      )}
      {missing && dec(missing).gt(0) && (
        <span className="block text-xs text-amber-800">
          {TARGET_STATE_TEXTS.reachTarget(formatMoney(missing))}
        </span>
      )}
    </>
  );
};

/**
 * Issue 32: the share of the ETF held leads (its band colour), the rate against the reachable target follows; a
 * row stored before the ETF rate existed shows the replication rate alone.
 */
const RatesCell = ({ tracking }: { tracking: TrackingSummary }) => {
  if (tracking.etfReplicationRate === undefined) return <RateBadge rate={tracking.replicationRate} />;
  return (
    <>
      <span className="flex flex-wrap items-center gap-1 whitespace-nowrap text-slate-800">
        Holds <RateBadge rate={tracking.etfReplicationRate} /> of {summaryName(tracking)}
      </span>
      <span className="mt-0.5 block text-xs text-slate-500">
        {HEADLINE_TEXTS.reachableShort(formatPercent(tracking.replicationRate))}
      </span>
    </>
  );
};

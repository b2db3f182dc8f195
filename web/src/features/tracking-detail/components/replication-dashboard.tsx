import {
  allocationMessage,
  LEFTOVER_LABELS,
  leftoverLevel,
  leftoverPercent,
  replicationQuality,
  replicationQualityText,
} from '@etf-replicator/core/replication/bands';
import { displayLeftover, formatMoney } from '@etf-replicator/core/shared/money';
import { Button } from '@/components/ui/button';
import { formatRate, RateBadge } from '@/components/ui/rate-badge';
import type { TrackingDetail } from '../api/get-tracking';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

type Props = { detail: TrackingDetail; onRaise: () => void; onLower: () => void; disabled: boolean };

/** Rate, quality, leftover band and allocation message (spec 2 §2, §4, §9), plus the ETF-wide measures. */
export const ReplicationDashboard = ({ detail, onRaise, onLower, disabled }: Props) => {
  const target = detail.currentReplication.targetInvestmentAmount;
  const leftover = displayLeftover(detail.currentReplication.leftoverAmount);
  const percentLeft = leftoverPercent(leftover, target);
  return (
    <section
      aria-labelledby="dashboard-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-heading" className="text-lg font-semibold text-slate-900">
          Replication dashboard
        </h2>
        <div className="flex gap-2">
          <Button disabled={disabled} onClick={onRaise}>
            Raise target
          </Button>
          <Button variant="secondary" disabled={disabled} onClick={onLower}>
            Lower target
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Replication rate</dt>
          <dd className="mt-1 flex items-center gap-2">
            <span
              className="text-2xl font-semibold tabular-nums text-slate-900"
              data-testid="replication-rate"
            >
              {formatRate(detail.replicationRate)}
            </span>
            <RateBadge rate={detail.replicationRate} />
          </dd>
          <dd className="mt-1 text-sm text-slate-700">
            {`${capitalise(replicationQuality(detail.replicationRate))}: ${replicationQualityText(detail.replicationRate)}`}
          </dd>
          <dd className="text-xs text-slate-500">{`Target after all orders: ${formatRate(detail.targetReplicationRate)}`}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Target amount</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{formatMoney(target)}</dd>
          <dd className="text-xs text-slate-500">
            {detail.autoTrackingTargetAmountEnabled ? 'Follows the portfolio value' : 'Stays as you set it'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Leftover</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{formatMoney(leftover)}</dd>
          <dd className="text-sm text-slate-700">
            {`${LEFTOVER_LABELS[leftoverLevel(leftover, target)]} (${percentLeft.toFixed(2)}% of the target)`}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Whole ETF</dt>
          <dd className="mt-1 text-sm text-slate-700">
            {`ETF replication rate ${formatRate(detail.etfReplicationRate)}: how much of the whole ${detail.symbol} your portfolio copies, counting every holding of the fund.`}
          </dd>
          <dd className="mt-1 text-sm text-slate-700">
            {`Coverage ${formatRate(detail.etfCoverage)}: the ${detail.effectiveNumberOfWeightings} holdings you follow make up that share of the ETF's weight.`}
          </dd>
        </div>
      </dl>
      <p role="status" className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        {allocationMessage(leftover, target)}
      </p>
      {detail.excluded.length > 0 && (
        <p className="mt-2 text-sm text-amber-800">
          {`Left out of the target (no price in the snapshot): ${detail.excluded.map((item) => item.symbol).join(', ')}.`}
        </p>
      )}
      {detail.snapshotAsOf && (
        <p className="mt-2 text-xs text-slate-500">{`Prices as of ${detail.snapshotAsOf}.`}</p>
      )}
    </section>
  );
};

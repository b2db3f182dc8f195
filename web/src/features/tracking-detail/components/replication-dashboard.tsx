import {
  allocationMessage,
  HEADLINE_TEXTS,
  LEFTOVER_LABELS,
  leftoverLevel,
  leftoverPercent,
  replicationQuality,
  replicationQualityText,
  TARGET_STATE_TEXTS,
  targetState,
} from '@etf-replicator/core/replication/bands';
import { displayLeftover } from '@etf-replicator/core/shared/money';
import { Button } from '@/components/ui/button';
import { PricesAsOf } from '@/components/ui/prices-as-of';
import { RateBadge } from '@/components/ui/rate-badge';
import { trackingName } from '@/features/indexes/utils/tracking-name';
import { formatMoney, formatPercent } from '@/lib/format';
import type { TrackingDetail } from '../api/get-tracking';
import { CashNotice } from './cash-notice';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

type Props = {
  detail: TrackingDetail;
  onRaise: () => void;
  onLower: () => void;
  onReachTarget: () => void;
  /** Opens Change index (issue 30). */
  onChangeIndex: () => void;
  disabled: boolean;
};

/**
 * The share of the ETF held first, with its quality; the rate against the reachable target second (issue 32); the
 * target, the cash (a remainder, or money owed to the target, never both), the allocation message (spec 2 §2, §4,
 * §9) and what reaching the target takes.
 */
export const ReplicationDashboard = ({
  detail,
  onRaise,
  onLower,
  onReachTarget,
  onChangeIndex,
  disabled,
}: Props) => {
  const target = detail.currentReplication.targetInvestmentAmount;
  const leftover = displayLeftover(detail.currentReplication.leftoverAmount);
  const state = targetState(leftover, target);
  const holdsShares = detail.currentReplication.investments.length > 0;
  const stateMessage =
    state === 'zero'
      ? holdsShares
        ? TARGET_STATE_TEXTS.zeroTargetHeld
        : TARGET_STATE_TEXTS.zeroTargetEmpty
      : state === 'owed'
        ? TARGET_STATE_TEXTS.owed(formatMoney(leftover.neg()))
        : allocationMessage(leftover, target, { fractional: detail.globalFractionalSharesThreshold > 0 });
  return (
    <section
      aria-labelledby="dashboard-heading"
      className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-heading" className="text-lg font-semibold text-slate-900">
          Replication dashboard
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button disabled={disabled} onClick={onRaise}>
            Raise target
          </Button>
          <Button variant="secondary" disabled={disabled || state === 'zero'} onClick={onLower}>
            Lower target
          </Button>
          <Button variant="secondary" disabled={disabled} onClick={onChangeIndex}>
            Change index
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
        {state === 'zero' ? (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs text-slate-500">{HEADLINE_TEXTS.reachableLabel}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid="replication-rate">
              —
            </dd>
            <dd className="mt-1 text-sm text-slate-700">{TARGET_STATE_TEXTS.zeroTargetRate}</dd>
          </div>
        ) : (
          <>
            <EtfShare detail={detail} />
            <ReachableRate detail={detail} />
          </>
        )}
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Target amount</dt>
          <dd className="mt-1 break-words text-2xl font-semibold tabular-nums text-slate-900">
            {formatMoney(target)}
          </dd>
          <dd className="text-xs text-slate-500">
            {detail.autoTrackingTargetAmountEnabled ? 'Follows the portfolio value' : 'Stays as you set it'}
            {detail.marketValue !== undefined && `. Worth ${formatMoney(detail.marketValue)} today.`}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">
            {state === 'owed' ? TARGET_STATE_TEXTS.owedLabel : 'Leftover'}
          </dt>
          <dd
            className="mt-1 break-words text-2xl font-semibold tabular-nums text-slate-900"
            data-testid="leftover"
          >
            {formatMoney(state === 'owed' ? leftover.neg() : leftover)}
          </dd>
          <dd className="text-sm text-slate-700">
            {state === 'zero'
              ? TARGET_STATE_TEXTS.zeroTargetLabel
              : state === 'owed'
                ? 'Spent beyond the cash'
                : `${LEFTOVER_LABELS[leftoverLevel(leftover, target)]} (${formatPercent(leftoverPercent(leftover, target))} of the target)`}
          </dd>
        </div>
      </dl>
      <p role="status" className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        {stateMessage}
      </p>
      <CashNotice detail={detail} onReachTarget={onReachTarget} disabled={disabled} />
      {detail.excluded.length > 0 && (
        <p className="mt-2 text-sm text-amber-800">
          {`Left out of the target (no price in the snapshot): ${detail.excluded.map((item) => item.symbol).join(', ')}.`}
        </p>
      )}
      <PricesAsOf className="mt-2" pricesAsOf={detail.pricesAsOf} holdingsAsOf={detail.snapshotAsOf} />
    </section>
  );
};

/** The headline (issue 32): how much of the whole ETF the holdings copy, and its quality. */
const EtfShare = ({ detail }: { detail: TrackingDetail }) => (
  <div className="min-w-0">
    <dt className="text-xs text-slate-500">{HEADLINE_TEXTS.holdsLabel(trackingName(detail))}</dt>
    <dd className="mt-1 flex flex-wrap items-center gap-2">
      <RateBadge rate={detail.etfReplicationRate} size="lg" testId="etf-replication-rate" />
    </dd>
    <dd className="mt-1 text-sm font-medium text-slate-900" data-testid="etf-share">
      {HEADLINE_TEXTS.holds(formatPercent(detail.etfReplicationRate), trackingName(detail))}
    </dd>
    <dd className="text-sm text-slate-700">
      {`${capitalise(replicationQuality(detail.etfReplicationRate))}: ${replicationQualityText(detail.etfReplicationRate)}`}
    </dd>
    <dd className="mt-1 text-xs text-slate-500">
      {`Coverage ${formatPercent(detail.etfCoverage)}: the ${detail.effectiveNumberOfWeightings} holdings you follow make up that share of the ${detail.index ? 'index' : 'ETF'}'s weight.`}
    </dd>
  </div>
);

/** Second: the rate against the target the plan and the number of holdings allow. */
const ReachableRate = ({ detail }: { detail: TrackingDetail }) => (
  <div className="min-w-0">
    <dt className="text-xs text-slate-500">{HEADLINE_TEXTS.reachableLabel}</dt>
    <dd className="mt-1 flex items-center gap-2">
      <RateBadge rate={detail.replicationRate} testId="replication-rate" />
    </dd>
    <dd className="mt-1 text-sm text-slate-700">
      {HEADLINE_TEXTS.reachable(detail.effectiveNumberOfWeightings)}
    </dd>
    <dd className="text-xs text-slate-500" data-testid="target-rate">
      {`Target after all orders: ${formatPercent(detail.targetReplicationRate)}`}
      {!detail.buyOnly && ', the best this amount and plan reach'}
    </dd>
  </div>
);

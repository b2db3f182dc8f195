import type { ExclusionsPreview } from '@etf-replicator/core/contracts/exclusions';
import type { TrackingExclusions } from '@etf-replicator/core/contracts/trackings';
import { D } from '@etf-replicator/core/shared/decimal';
import { formatPercent, formatPoints } from '@/lib/format';

/** "23.3 points" between two rates (the cost of the exclusions), never negative-zero. */
const pointsBetween = (without: string, withThem: string) => {
  const difference = new D(without).sub(new D(withThem));
  return difference.isNegative() ? `+${formatPoints(difference.neg())}` : formatPoints(difference);
};

/**
 * What the exclusions cost, live (issues 17 and 30): the ETF replication rate with and without them, the points
 * between, the share left out, and with a changed draft the orders saving would bring.
 */
export const ExclusionsCost = ({
  shown,
  changed,
  preview,
  previewError,
  fetching,
}: {
  shown: TrackingExclusions | undefined;
  changed: boolean;
  preview: ExclusionsPreview | undefined;
  previewError: string | null;
  fetching: boolean;
}) => (
  <div role="status" aria-live="polite" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
    {previewError ? (
      <p role="alert" className="text-red-700">
        {previewError}
      </p>
    ) : changed && !preview ? (
      <p className="text-slate-500">Computing what these exclusions cost…</p>
    ) : shown ? (
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
        <dt>ETF replication rate with {changed ? 'these' : 'your'} exclusions</dt>
        <dd className="text-right font-semibold tabular-nums">{formatPercent(shown.etfReplicationRate)}</dd>
        <dt>Without exclusions</dt>
        <dd className="text-right tabular-nums">{formatPercent(shown.etfReplicationRateWithout)}</dd>
        <dt>Cost of the exclusions</dt>
        <dd className="text-right tabular-nums">
          {pointsBetween(shown.etfReplicationRateWithout, shown.etfReplicationRate)}
        </dd>
        <dt>Share of the ETF left out</dt>
        <dd className="text-right tabular-nums">{formatPercent(shown.excludedWeight)}</dd>
        {changed && preview && (
          <>
            <dt>Adjustment orders after saving</dt>
            <dd className="text-right tabular-nums">{preview.adjustmentOrders.length}</dd>
            {(preview.pausedOrders?.length ?? 0) > 0 && (
              <>
                <dt>Paused by an unexplained price move (see the orders)</dt>
                <dd className="text-right tabular-nums">{preview.pausedOrders?.length}</dd>
              </>
            )}
          </>
        )}
      </dl>
    ) : null}
    {changed && fetching && preview && <p className="mt-1 text-xs text-slate-500">Updating…</p>}
  </div>
);

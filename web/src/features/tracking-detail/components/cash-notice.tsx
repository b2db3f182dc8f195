import { TARGET_STATE_TEXTS } from '@etf-replicator/core/replication/bands';
import { dec } from '@etf-replicator/core/shared/decimal';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import type { TrackingDetail } from '../api/get-tracking';

type Props = {
  detail: TrackingDetail;
  onReachTarget: () => void;
  disabled: boolean;
  /** The orders panel's one line; the dashboard says why too. */
  compact?: boolean;
};

/** The money reaching the target takes (issue 32): null when nothing is missing. */
export const missingCash = (detail: Pick<TrackingDetail, 'cashToReachTarget'>): string | null => {
  const missing = detail.cashToReachTarget;
  return missing && dec(missing).gt(0) ? missing : null;
};

/**
 * What reaching the target takes, with the way to do it. The dashboard and the orders panel both show this one
 * component with the detail's one figure, so they can never disagree (issue 32).
 */
export const CashNotice = ({ detail, onReachTarget, disabled, compact = false }: Props) => {
  const missing = missingCash(detail);
  if (missing === null) return null;
  const money = formatMoney(missing);
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-50 text-sm text-amber-900 ring-1 ring-amber-200',
        compact ? 'mt-3 px-3 py-2' : 'mt-4 p-3',
      )}
      data-testid="reach-target"
    >
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold">{TARGET_STATE_TEXTS.reachTarget(money)}</p>
        {!compact && (
          <p className="mt-1">
            {TARGET_STATE_TEXTS.reachTargetWhy(
              formatMoney(detail.marketValue),
              formatMoney(detail.currentReplication.targetInvestmentAmount),
            )}
          </p>
        )}
      </div>
      <Button variant={compact ? 'secondary' : 'primary'} disabled={disabled} onClick={onReachTarget}>
        {`Add ${money}…`}
      </Button>
    </div>
  );
};

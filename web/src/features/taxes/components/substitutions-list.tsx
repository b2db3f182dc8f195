import type { Substitution } from '@etf-replicator/core/contracts/taxes';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDays } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useKeepReplacement } from '../api/keep-replacement';
import { useRevertHarvest } from '../api/revert-harvest';

/** "No BUY of X until after Dec 24, 2026 — 30 days left", that switching back is suggested, or that it was kept. */
const windowText = (substitution: Substitution): string => {
  switch (substitution.status) {
    case 'window':
      return `No BUY of ${substitution.symbol} until after ${formatDate(substitution.windowEndsAt)} — ${formatDays(substitution.daysLeft)} left`;
    case 'switchBack':
      return `Window over: the orders now suggest switching back to ${substitution.symbol} (or keep ${substitution.replacement}).`;
    case 'kept':
      return `${substitution.replacement} stays in place of ${substitution.symbol} for good.`;
  }
};

const BADGES: Record<Substitution['status'], string> = {
  window: 'Wash-sale window',
  switchBack: 'Window over',
  kept: 'Replacement kept',
};

/** Harvested stocks and the replacements standing in for them, with the wash-sale countdown and a revert. */
export const SubstitutionsList = ({
  trackingId,
  substitutions,
}: {
  trackingId: string;
  substitutions: readonly Substitution[];
}) => {
  const [toRevert, setToRevert] = useState<Substitution>();
  const revert = useRevertHarvest(trackingId, {
    onSuccess: () => {
      notify.success(`Harvest of ${toRevert?.symbol ?? 'the stock'} reverted`);
      setToRevert(undefined);
    },
    onError: (error) => {
      notify.error(isApiError(error) && error.message ? error.message : 'The harvest could not be reverted.');
      setToRevert(undefined);
    },
  });
  const keep = useKeepReplacement(trackingId, {
    onError: (error) =>
      notify.error(isApiError(error) && error.message ? error.message : 'The replacement could not be kept.'),
  });
  const busy = revert.isPending || keep.isPending;
  if (substitutions.length === 0) return null;
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Wash-sale windows</h3>
      <ul className="mt-2 space-y-2">
        {substitutions.map((substitution) => (
          <li
            key={substitution.harvestId}
            aria-label={`Wash-sale window of ${substitution.symbol}`}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {`${substitution.symbol} → ${substitution.replacement}`}
                <span className="ml-2 font-normal text-slate-600">
                  {`harvested ${formatDate(substitution.harvestedAt)}`}
                </span>
              </p>
              <p className="mt-1">
                <Badge tone={substitution.status === 'window' ? 'amber' : 'green'}>
                  {BADGES[substitution.status]}
                </Badge>{' '}
                <span className="text-amber-900">{windowText(substitution)}</span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {substitution.status === 'switchBack' && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => keep.mutate({ trackingId, symbol: substitution.symbol })}
                >
                  {`Keep ${substitution.replacement}`}
                </Button>
              )}
              <Button variant="secondary" disabled={busy} onClick={() => setToRevert(substitution)}>
                Revert harvest
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toRevert !== undefined}
        onClose={() => setToRevert(undefined)}
        title="Revert harvest"
        description={
          toRevert
            ? `Undo the harvest of ${toRevert.symbol}: the SELL of ${toRevert.symbol} and the BUY of ${toRevert.replacement} go away together, and the lots return as they were. The history keeps both entries.`
            : ''
        }
        pending={revert.isPending}
        confirmLabel="Revert"
        pendingLabel="Reverting…"
        onConfirm={() => toRevert && revert.mutate({ trackingId, harvestId: toRevert.harvestId })}
      />
    </div>
  );
};

import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { type ParkedRecompute, useRetryParkedRecompute } from '../api/projection-failures';

const retryMessage = (symbol: string, result: { derived: number; error: string | null }) =>
  result.error === null
    ? `${symbol}: ${result.derived} ${result.derived === 1 ? 'tracking' : 'trackings'} now follow the latest snapshot.`
    : `${symbol} still fails: ${result.error}`;

/**
 * ETFs whose trackings could not be re-derived after a new snapshot (issue 27): parked so that the other ETFs go
 * on. Their trackings keep their last views; a newer snapshot of the ETF, or a retry here after the fix, clears them.
 */
export const ParkedRecomputes = ({ recomputes }: { recomputes: readonly ParkedRecompute[] }) => {
  const retry = useRetryParkedRecompute();
  if (recomputes.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="recomputes-heading">
      <h2 id="recomputes-heading" className="text-lg font-semibold text-slate-900">
        Parked recomputes
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        After a new snapshot, these ETFs' trackings could not be recomputed. Other ETFs went on; /api/health
        says "degraded" until each is retried or a newer snapshot arrives.
      </p>
      <ul
        aria-label="Parked recomputes"
        className="mt-3 divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
      >
        {recomputes.map((failure) => (
          <li key={failure.symbol} className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[1fr_auto]">
            <div className="min-w-0 space-y-1">
              <p className="font-semibold text-slate-900">{failure.symbol}</p>
              <p className="break-words text-slate-700">{failure.error}</p>
              <p className="break-all text-xs text-slate-500">
                {`Snapshot ${failure.snapshotEventId} · failed ${formatDateTime(failure.failedAt)}`}
              </p>
            </div>
            <div className="sm:self-center">
              <Button
                variant="secondary"
                disabled={retry.isPending}
                aria-label={`Retry the recompute of ${failure.symbol}`}
                onClick={() =>
                  retry.mutate(failure.symbol, {
                    onSuccess: (result) =>
                      (result.error === null ? toast.success : toast.error)(
                        retryMessage(failure.symbol, result),
                      ),
                    onError: (error) => toast.error(error.message || 'The retry could not be started.'),
                  })
                }
              >
                Retry
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};

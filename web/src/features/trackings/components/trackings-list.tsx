import type { TrackingSummary } from '@etf-replicator/core/contracts/trackings';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { closesSpan, PricesAsOf } from '@/components/ui/prices-as-of';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useTrackingsSummary } from '../api/get-trackings-summary';
import { useStartNewTracking } from '../hooks/use-start-new-tracking';
import { DeleteTrackingDialog } from './delete-tracking-dialog';
import { TrackingsTable } from './trackings-table';

/** Spec 2 §2 "Tracked ETFs list" at /etftrackings. */
export const TrackingsList = () => {
  const trackings = useTrackingsSummary();
  const navigate = useNavigate();
  const newTracking = useStartNewTracking();
  const [toDelete, setToDelete] = useState<TrackingSummary>();
  const newTrackingButton = (
    <Button onClick={() => void newTracking.start()} aria-disabled={newTracking.checking || undefined}>
      New Tracking
    </Button>
  );
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <PageTitle title="Tracked ETFs" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Tracked ETFs</h1>
        {trackings.data && trackings.data.length > 0 && newTrackingButton}
      </div>
      {trackings.isPending && <Spinner label="Loading trackings…" />}
      {trackings.isError && (
        <p role="alert" className="text-sm text-red-700">
          Your trackings could not be loaded. Please try again later.
        </p>
      )}
      {trackings.data?.length === 0 && (
        <div className="rounded-xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold text-slate-900">No Tracked ETFs</h2>
          <p className="mt-2 text-sm text-slate-600">Replicate an ETF to follow it here.</p>
          <div className="mt-5">{newTrackingButton}</div>
        </div>
      )}
      {trackings.data && trackings.data.length > 0 && (
        <TrackingsTable
          trackings={trackings.data}
          onOpen={(tracking) =>
            navigate(paths.trackingById(tracking.symbol, tracking.trackingId), {
              state: { trackingId: tracking.trackingId },
            })
          }
          onDelete={setToDelete}
        />
      )}
      {trackings.data && trackings.data.length > 0 && (
        <PricesAsOf
          pricesAsOf={closesSpan(
            trackings.data.flatMap((tracking) => [tracking.pricesAsOf?.from, tracking.pricesAsOf?.to]),
          )}
        />
      )}
      <DeleteTrackingDialog tracking={toDelete} onClose={() => setToDelete(undefined)} />
    </section>
  );
};

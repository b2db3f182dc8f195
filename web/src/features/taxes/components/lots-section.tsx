import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useLots } from '../api/get-lots';
import { unrealisedChartData } from '../utils/unrealised-chart-data';
import { LotMethodSwitch } from './lot-method-switch';
import { LotsTable } from './lots-table';
import { LoadError, SectionCard } from './section-card';
import { UnrealisedGainsChart } from './unrealised-gains-chart';

export const NO_LOTS = 'No lots yet — record an executed order to start tracking cost basis';

/** Cost basis: the unrealised gain/loss chart, the open lots per holding and the lot method. */
export const LotsSection = ({
  trackingId,
  snapshotAsOf,
}: {
  trackingId: string;
  /** The date of the snapshot whose prices value the lots (the tracking detail's). */
  snapshotAsOf: string | null;
}) => {
  const lots = useLots(trackingId);
  return (
    <SectionCard
      title="Lots and unrealised gains"
      intro={
        snapshotAsOf
          ? `Valued at the latest snapshot prices, of ${formatDate(snapshotAsOf)}.`
          : 'Valued at the latest snapshot prices.'
      }
      actions={lots.data && <LotMethodSwitch trackingId={trackingId} method={lots.data.lotMethod} />}
    >
      {lots.isPending ? (
        <Spinner label="Loading lots…" />
      ) : lots.isError ? (
        <LoadError what="The lots" onRetry={() => void lots.refetch()} />
      ) : lots.data.holdings.length === 0 ? (
        <p className="text-sm text-slate-600">{NO_LOTS}</p>
      ) : (
        <>
          <UnrealisedGainsChart data={unrealisedChartData(lots.data.holdings)} />
          <LotsTable holdings={lots.data.holdings} />
        </>
      )}
    </SectionCard>
  );
};

import { AllocationChart } from '@/features/charts/components/allocation-chart';
import { allocationChartData } from '@/features/charts/components/allocation-chart-data';
import { ReplicationRateChart } from '@/features/charts/components/replication-rate-chart';
import { replicationRateHistory } from '@/features/charts/components/replication-rate-data';
import { SectorExposureChart } from '@/features/charts/components/sector-exposure-chart';
import { sectorExposureData } from '@/features/charts/components/sector-exposure-data';
import { useEtfHoldings } from '@/features/etfs/api/get-etf-holdings';
import { useEtfInfo } from '@/features/etfs/api/get-etf-info';
import type { TrackingDetail } from '@/features/tracking-detail/api/get-tracking';
import { useFullHistory } from '@/features/tracking-history/api/get-full-history';

/** The tracking's charts: data from three features, shaped by the chart data functions. */
export const TrackingCharts = ({ detail }: { detail: TrackingDetail }) => {
  const info = useEtfInfo(detail.symbol);
  const holdings = useEtfHoldings(detail.symbol);
  const history = useFullHistory(detail.trackingId);
  const allocation = allocationChartData(
    detail.currentReplication.investments,
    detail.targetReplication.investments,
  );
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <AllocationChart data={allocation} />
      {info.data && info.data.sectorsList.length > 0 && (
        <SectorExposureChart
          symbol={detail.symbol}
          exposure={sectorExposureData(
            info.data.sectorsList,
            holdings.data ?? [],
            detail.targetReplication.investments,
          )}
        />
      )}
      {history.data && history.data.length > 0 && holdings.data && (
        <ReplicationRateChart
          points={replicationRateHistory({
            entries: history.data,
            holdings: holdings.data,
            prices: detail.prices,
            targetAmount: detail.currentReplication.targetInvestmentAmount,
            numberOfWeightings: detail.effectiveNumberOfWeightings,
          })}
        />
      )}
    </div>
  );
};

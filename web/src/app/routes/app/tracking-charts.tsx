import { useRateHistory } from '@/features/charts/api/get-rate-history';
import { AllocationChart } from '@/features/charts/components/allocation-chart';
import { allocationChartData } from '@/features/charts/components/allocation-chart-data';
import { IndexCompositionChart } from '@/features/charts/components/index-composition-chart';
import { indexCompositionData } from '@/features/charts/components/index-composition-data';
import { rateChartMarks } from '@/features/charts/components/rate-chart-marks';
import { rateChartPoints } from '@/features/charts/components/rate-chart-points';
import { ReplicationRateChart } from '@/features/charts/components/replication-rate-chart';
import { SectorExposureChart } from '@/features/charts/components/sector-exposure-chart';
import { sectorExposureData } from '@/features/charts/components/sector-exposure-data';
import { useEtfHoldings } from '@/features/etfs/api/get-etf-holdings';
import { useEtfInfo } from '@/features/etfs/api/get-etf-info';
import { useIndexPreview } from '@/features/indexes/api/preview-index';
import type { TrackingDetail } from '@/features/tracking-detail/api/get-tracking';

/** The tracking's charts: data from three features, shaped by the chart data functions. */
export const TrackingCharts = ({ detail }: { detail: TrackingDetail }) => {
  // A blend's or a list's composition comes from the index preview, not from the ETF named by `symbol`.
  const info = useEtfInfo(detail.index ? undefined : detail.symbol);
  const holdings = useEtfHoldings(detail.index ? undefined : detail.symbol);
  const composition = useIndexPreview(detail.index);
  const rates = useRateHistory(detail.trackingId);
  const ratePoints = rateChartPoints(rates.data?.points ?? []);
  const allocation = allocationChartData(
    detail.currentReplication.investments,
    detail.targetReplication.investments,
  );
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <AllocationChart data={allocation} />
      {detail.index && composition.data && (
        <IndexCompositionChart label={composition.data.label} {...indexCompositionData(composition.data)} />
      )}
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
      {rates.data && rates.data.points.length > 1 && (
        <ReplicationRateChart
          points={ratePoints}
          {...rateChartMarks(ratePoints, rates.data.snapshots, rates.data.alerts)}
        />
      )}
    </div>
  );
};

import type { PortfolioResponse } from '@etf-replicator/core/contracts/portfolio';
import {
  portfolioAllocationData,
  portfolioSectorData,
} from '@/features/charts/components/portfolio-chart-data';
import { PortfolioWeightsChart } from '@/features/charts/components/portfolio-weights-chart';

/** The portfolio's allocation and sector charts: data shaped by the charts feature's pure functions. */
export const PortfolioCharts = ({ portfolio }: { portfolio: PortfolioResponse }) => {
  const allocation = portfolioAllocationData(portfolio.holdings);
  const sectors = portfolioSectorData(portfolio.sectors);
  if (allocation.length === 0) return null;
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <PortfolioWeightsChart
        title="Top holdings vs target"
        caption="Percent of the invested value held in each stock, and in the combined target of your trackings."
        data={allocation}
        nameWidth={64}
      />
      {sectors.length > 0 && (
        <PortfolioWeightsChart
          title="Sectors held vs target"
          caption="Percent of the invested value in each sector, held and in the combined target."
          data={sectors}
          nameWidth={132}
        />
      )}
    </div>
  );
};

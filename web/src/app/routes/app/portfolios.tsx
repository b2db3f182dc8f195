import { Portfolio } from '@/features/portfolios/components/portfolio';
import { PortfolioCharts } from './portfolio-charts';

export const PortfoliosRoute = () => (
  <Portfolio renderCharts={(portfolio) => <PortfolioCharts portfolio={portfolio} />} />
);

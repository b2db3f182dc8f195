import { Portfolios } from '@/features/portfolios/components/portfolios';

export const PortfoliosRoute = () => <Portfolios />;

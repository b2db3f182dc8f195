import { EtfInfoDetails } from '@/features/etfs/components/etf-info-details';
import { EtfLogo } from '@/features/etfs/components/etf-logo';
import { RecommendedEtfs } from '@/features/recommended-etfs/components/recommended-etfs';

export const RecommendedEtfsRoute = () => (
  <RecommendedEtfs
    renderLogo={(symbol) => <EtfLogo symbol={symbol} />}
    renderDetails={(symbol) => <EtfInfoDetails symbol={symbol} />}
  />
);

import { useParams } from 'react-router-dom';
import { EtfHoldingsList } from '@/features/etfs/components/etf-holdings-list';
import { EtfSummary } from '@/features/etfs/components/etf-summary';
import { NewTracking } from '@/features/new-tracking/components/new-tracking';

export const NewTrackingRoute = () => {
  const { symbol } = useParams();
  return (
    <NewTracking
      key={symbol ?? ''}
      symbol={symbol}
      renderEtfSummary={(chosen) => <EtfSummary symbol={chosen} />}
      renderHoldings={(chosen) => <EtfHoldingsList symbol={chosen} title={`${chosen} holdings`} />}
    />
  );
};

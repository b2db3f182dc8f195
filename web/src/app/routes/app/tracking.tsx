import { useParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { EtfPriceHistory } from '@/features/charts/components/etf-price-history';
import { EtfHoldingsList } from '@/features/etfs/components/etf-holdings-list';
import { EtfInfoCard } from '@/features/etfs/components/etf-info-card';
import { IndexInfoCard } from '@/features/indexes/components/index-info-card';
import { TaxesTab } from '@/features/taxes/components/taxes-tab';
import { PriceAlertsBanner } from '@/features/tracking-detail/components/price-alerts-banner';
import { TrackingDetail } from '@/features/tracking-detail/components/tracking-detail';
import { TransactionHistory } from '@/features/tracking-history/components/transaction-history';
import { IndexWeightings } from './index-weightings';
import { TrackingCharts } from './tracking-charts';
import { useRouteTrackingId } from './use-route-tracking-id';

const NoTracking = ({ symbol, pending }: { symbol: string; pending: boolean }) => (
  <section className="mx-auto max-w-3xl space-y-4 px-4 py-8">
    <PageTitle title={`${symbol} Tracking`} />
    <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{`${symbol} Tracking`}</h1>
    {pending ? (
      <Spinner label="Loading tracking…" />
    ) : (
      <p className="text-slate-700">
        {`You do not track ${symbol}. `}
        <TextLink to={paths.newTrackingFor(symbol)}>{`Replicate ${symbol}`}</TextLink>
        {' or go back to '}
        <TextLink to={paths.etfTrackings}>Tracked ETFs</TextLink>.
      </p>
    )}
  </section>
);

export const TrackingRoute = () => {
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const resolved = useRouteTrackingId(symbol);
  if (resolved.status !== 'found')
    return <NoTracking symbol={symbol} pending={resolved.status === 'pending'} />;
  const { trackingId } = resolved;
  return (
    <TrackingDetail
      key={trackingId}
      symbol={symbol}
      trackingId={trackingId}
      renderInfoCard={(detail) => (
        <>
          <PriceAlertsBanner trackingId={trackingId} />
          {detail.index && detail.index.type !== 'etf' ? (
            <IndexInfoCard index={detail.index} />
          ) : (
            <EtfInfoCard symbol={detail.symbol} />
          )}
        </>
      )}
      renderPriceChart={(detail) => (detail.index ? null : <EtfPriceHistory symbol={detail.symbol} />)}
      history={<TransactionHistory trackingId={trackingId} />}
      renderCharts={(detail) => <TrackingCharts detail={detail} />}
      renderTaxes={(detail) => (
        <TaxesTab
          trackingId={trackingId}
          symbol={symbol}
          fractional={detail.globalFractionalSharesThreshold > 0}
          snapshotAsOf={detail.snapshotAsOf}
          symbols={Object.keys(detail.prices)}
        />
      )}
      renderWeightings={(highlighted, detail) =>
        detail.index ? (
          <IndexWeightings index={detail.index} />
        ) : (
          <EtfHoldingsList symbol={detail.symbol} title="ETF weightings" highlighted={highlighted} />
        )
      }
    />
  );
};

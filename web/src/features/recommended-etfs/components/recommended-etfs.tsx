import { RECOMMENDED_ETF_SYMBOLS } from '@etf-replicator/core/market-data/recommended-etfs';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useRecommendedEtfs } from '../api/get-recommended-etfs';
import { useStockQuotes } from '../api/get-stock-quotes';
import { EtfCard } from './etf-card';
import { EtfDetailsDialog } from './etf-details-dialog';
import { TickerTape } from './ticker-tape';

type Props = {
  renderLogo: (symbol: string) => ReactNode;
  renderDetails: (symbol: string) => ReactNode;
};

/** Spec 2 §2 "Recommended ETFs": title, ticker tape, a card per ETF, the Details modal. */
export const RecommendedEtfs = ({ renderLogo, renderDetails }: Props) => {
  const etfs = useRecommendedEtfs();
  const quotes = useStockQuotes(RECOMMENDED_ETF_SYMBOLS);
  const [detailsOf, setDetailsOf] = useState<string>();
  const selected = etfs.data?.find((etf) => etf.symbol === detailsOf);
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <PageTitle title="Recommended ETFs" />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Recommended ETFs</h1>
      <TickerTape quotes={quotes} />
      {etfs.isPending && <Spinner label="Loading ETFs…" />}
      {etfs.isError && (
        <p role="alert" className="text-sm text-red-700">
          The recommended ETFs could not be loaded. Please try again later.
        </p>
      )}
      {etfs.data && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {etfs.data.map((etf) => (
            <EtfCard
              key={etf.symbol}
              etf={etf}
              logo={renderLogo(etf.symbol)}
              onDetails={() => setDetailsOf(etf.symbol)}
            />
          ))}
        </ul>
      )}
      <EtfDetailsDialog etf={selected} onClose={() => setDetailsOf(undefined)}>
        {selected && renderDetails(selected.symbol)}
      </EtfDetailsDialog>
    </section>
  );
};

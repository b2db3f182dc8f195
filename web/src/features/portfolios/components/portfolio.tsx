import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { type PortfolioResponse, usePortfolio } from '../api/get-portfolio';
import { GainsSection } from './gains-section';
import { HoldingsTable } from './holdings-table';
import { NettedOrders } from './netted-orders';
import { OverlapMatrix } from './overlap-matrix';
import { SummaryCards } from './summary-cards';
import { TrackingsStrip } from './trackings-strip';

type Props = {
  /** The allocation and sector charts (the charts feature renders them; the route passes them in). */
  renderCharts: (portfolio: PortfolioResponse) => ReactNode;
};

/** Issue 29 item 5, /portfolios: every tracking of the investor as one portfolio. */
export const Portfolio = ({ renderCharts }: Props) => {
  const portfolio = usePortfolio();
  if (portfolio.isPending)
    return (
      <Page>
        <Spinner label="Loading your portfolio…" />
      </Page>
    );
  if (portfolio.isError)
    return (
      <Page>
        <p role="alert" className="text-sm text-slate-700">
          {'Your portfolio could not be loaded. '}
          <button
            type="button"
            className="font-semibold text-indigo-700 underline hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            onClick={() => void portfolio.refetch()}
          >
            Try again
          </button>
        </p>
      </Page>
    );
  const data = portfolio.data;
  if (data.trackings.length === 0)
    return (
      <Page>
        <div className="rounded-xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold text-slate-900">No trackings yet</h2>
          <p className="mt-2 text-sm text-slate-600">
            Your portfolio is every ETF you replicate, seen together. Replicate an ETF to start it.
          </p>
          <ButtonLink to={paths.newTracking} className="mt-5">
            New Tracking
          </ButtonLink>
        </div>
      </Page>
    );
  return (
    <Page>
      <SummaryCards summary={data.summary} />
      <TrackingsStrip trackings={data.trackings} />
      <SectionCard title="Holdings" intro="Every stock you hold or target, across your trackings.">
        <HoldingsTable portfolio={data} />
      </SectionCard>
      <NettedOrders portfolio={data} />
      {renderCharts(data)}
      <div className="grid items-start gap-6 2xl:grid-cols-2">
        <SectionCard
          title="Overlap between trackings"
          intro="The share of target weight two trackings have in common."
        >
          <OverlapMatrix portfolio={data} />
        </SectionCard>
        <GainsSection gains={data.gains} />
      </div>
    </Page>
  );
};

const Page = ({ children }: { children: ReactNode }) => (
  <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
    <PageTitle title="Portfolios" />
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Portfolios</h1>
      <p className="mt-1 text-sm text-slate-600">Every tracking you follow, as one portfolio.</p>
    </div>
    {children}
  </section>
);

import { trackingMessages } from '@etf-replicator/core/contracts/trackings';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { trackingName } from '@/features/indexes/utils/tracking-name';
import { TaxBudgetPanel } from '@/features/tax-budget/components/tax-budget-panel';
import { type TrackingDetail as Detail, isTrackingMissing, useTracking } from '../api/get-tracking';
import { useExecuteOrders } from '../hooks/use-execute-orders';
import { AdjustmentOrders } from './adjustment-orders';
import { ChangeIndexDialog } from './change-index-dialog';
import { CurrentVsTarget } from './current-vs-target';
import { DetailTabs, useDetailTab } from './detail-tabs';
import { FillsDialog } from './fills-dialog';
import { PortfolioSettings } from './portfolio-settings';
import { ReachTargetDialog } from './reach-target-dialog';
import { ReplicationDashboard } from './replication-dashboard';
import { TargetChangeDialog } from './target-change-dialog';

type Slots = {
  /** The card about what is replicated, and its price chart: an ETF's, or (issue 30) a blend's or a list's. */
  renderInfoCard: (detail: Detail) => ReactNode;
  renderPriceChart: (detail: Detail) => ReactNode;
  history: ReactNode;
  renderWeightings: (highlighted: number, detail: Detail) => ReactNode;
  renderCharts: (detail: Detail) => ReactNode;
  /** The Taxes tab (issue 19): lots, gains, harvesting. */
  renderTaxes: (detail: Detail) => ReactNode;
};

/** Spec 2 §2 "Tracking detail": the sections around one tracking's replication. */
export const TrackingDetail = ({
  symbol,
  trackingId,
  ...slots
}: Slots & { symbol: string; trackingId: string }) => {
  const tracking = useTracking(trackingId);
  const orders = useExecuteOrders(trackingId);
  const [targetChange, setTargetChange] = useState<'raise' | 'lower'>();
  const [reachingTarget, setReachingTarget] = useState(false);
  const [changingIndex, setChangingIndex] = useState(false);
  const [tab, selectTab] = useDetailTab();
  const title = `${tracking.data ? trackingName(tracking.data) : symbol} Tracking`;
  if (tracking.isPending) {
    return (
      <Page title={title}>
        <Spinner label="Loading tracking…" />
      </Page>
    );
  }
  if (tracking.isError) {
    return (
      <Page title={title}>
        <p role="alert" className="text-slate-700">
          {isTrackingMissing(tracking.error)
            ? trackingMessages.notFound
            : 'The tracking could not be loaded.'}{' '}
          <TextLink to={paths.etfTrackings}>Back to Tracked ETFs</TextLink>
        </p>
      </Page>
    );
  }
  const detail = tracking.data;
  return (
    <Page title={title}>
      {detail.degraded && <DegradedNotice reason={detail.degraded.reason} />}
      <DetailTabs
        selected={tab}
        onSelect={selectTab}
        panels={{
          overview: (
            <>
              {slots.renderInfoCard(detail)}
              {slots.renderPriceChart(detail)}
              <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                <ReplicationDashboard
                  detail={detail}
                  disabled={orders.executing}
                  onRaise={() => setTargetChange('raise')}
                  onLower={() => setTargetChange('lower')}
                  onReachTarget={() => setReachingTarget(true)}
                  onChangeIndex={() => setChangingIndex(true)}
                />
                <PortfolioSettings detail={detail} disabled={orders.executing} />
              </div>
              {slots.history}
              {slots.renderCharts(detail)}
              <div className="grid gap-6 2xl:grid-cols-2">
                <CurrentVsTarget detail={detail} executing={orders.executing} onExecute={orders.execute} />
                <AdjustmentOrders
                  detail={detail}
                  executing={orders.executing}
                  onExecute={orders.execute}
                  onReachTarget={() => setReachingTarget(true)}
                  warnings={orders.warnings}
                  onDismissWarnings={orders.dismissWarnings}
                />
              </div>
              <TaxBudgetPanel detail={detail} />
              <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                {slots.renderWeightings(detail.effectiveNumberOfWeightings, detail)}
              </div>
            </>
          ),
          taxes: slots.renderTaxes(detail),
        }}
      />
      <FillsDialog trackingId={trackingId} prices={detail.prices} confirmation={orders.confirmation} />
      <ReachTargetDialog detail={detail} open={reachingTarget} onClose={() => setReachingTarget(false)} />
      <ChangeIndexDialog detail={detail} open={changingIndex} onClose={() => setChangingIndex(false)} />
      <TargetChangeDialog
        trackingId={trackingId}
        direction={targetChange}
        target={detail.currentReplication.targetInvestmentAmount}
        onClose={() => setTargetChange(undefined)}
      />
    </Page>
  );
};

/** A tracking whose target could not be derived: its positions show, target and orders do not, and this says why. */
const DegradedNotice = ({ reason }: { reason: string }) => (
  <div role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
    <p className="font-semibold">The target of this tracking cannot be computed right now</p>
    <p className="mt-1">{reason}</p>
  </div>
);

const Page = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
    <PageTitle title={title} />
    <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
    {children}
  </section>
);

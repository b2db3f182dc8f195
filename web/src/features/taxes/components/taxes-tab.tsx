import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { HarvestingSection } from './harvesting-section';
import { LotsSection } from './lots-section';
import { RealisedGainsSection } from './realised-gains-section';
import { TrackingWindowsSection } from './tracking-windows-section';

type Props = {
  trackingId: string;
  symbol: string;
  fractional: boolean;
  snapshotAsOf: string | null;
  /** Every symbol the tracking holds or targets: the wash-sale windows that concern it. */
  symbols: readonly string[];
};

/** The tracking's Taxes tab (issues 19, 26): harvesting, open wash-sale windows, lots with their adjusted basis, realised
 * gains by year as Form 8949 rows. */
export const TaxesTab = ({ trackingId, symbol, fractional, snapshotAsOf, symbols }: Props) => (
  <>
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
      Cost basis, gains and the wash-sale window follow US rules and the orders you record here. Not tax
      advice: ETF Replicator never trades for you.{' '}
      <TextLink to={paths.taxLossHarvesting}>How tax-loss harvesting works here</TextLink>
    </p>
    <HarvestingSection trackingId={trackingId} fractional={fractional} />
    <TrackingWindowsSection trackingId={trackingId} symbols={symbols} />
    <LotsSection trackingId={trackingId} snapshotAsOf={snapshotAsOf} />
    <RealisedGainsSection trackingId={trackingId} symbol={symbol} />
  </>
);

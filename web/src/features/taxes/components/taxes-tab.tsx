import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { HarvestingSection } from './harvesting-section';
import { LotsSection } from './lots-section';
import { RealisedGainsSection } from './realised-gains-section';

type Props = { trackingId: string; symbol: string; fractional: boolean; snapshotAsOf: string | null };

/** The tracking's Taxes tab (issue 19): harvesting, lots and unrealised gains, realised gains by year. */
export const TaxesTab = ({ trackingId, symbol, fractional, snapshotAsOf }: Props) => (
  <>
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
      Cost basis, gains and the wash-sale window follow US rules and the orders you record here. Not tax
      advice: ETF Replicator never trades for you.{' '}
      <TextLink to={paths.taxLossHarvesting}>How tax-loss harvesting works here</TextLink>
    </p>
    <HarvestingSection trackingId={trackingId} fractional={fractional} />
    <LotsSection trackingId={trackingId} snapshotAsOf={snapshotAsOf} />
    <RealisedGainsSection trackingId={trackingId} symbol={symbol} />
  </>
);

import { EtfDemo } from '@/features/direct-indexing-demo/components/etf-demo';
import { DirectIndexing } from '@/features/marketing/components/direct-indexing';
import { ScanPage } from '@/features/marketing/components/scan-page';
import { TaxLossHarvesting } from '@/features/marketing/components/tax-loss-harvesting';

export const ScanRoute = () => <ScanPage demo={<EtfDemo />} />;
export const DirectIndexingRoute = () => <DirectIndexing />;
export const TaxLossHarvestingRoute = () => <TaxLossHarvesting />;

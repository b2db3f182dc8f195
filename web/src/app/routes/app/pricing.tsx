import { Pricing } from '@/features/billing/components/pricing';

export const PricingRoute = () => <Pricing />;

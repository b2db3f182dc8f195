import { AccountTaxes } from '@/features/taxes/components/account-taxes';

export const TaxesRoute = () => <AccountTaxes />;

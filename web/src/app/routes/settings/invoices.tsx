import { Invoices } from '@/features/billing/components/invoices';

export const InvoicesRoute = () => <Invoices />;

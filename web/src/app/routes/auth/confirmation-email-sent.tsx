import { CardPage } from '@/components/ui/card-page';
import { ConfirmationEmailSent } from '@/features/auth/components/confirmation-email-sent';

export const ConfirmationEmailSentRoute = () => (
  <CardPage title="Check Your Inbox">
    <ConfirmationEmailSent />
  </CardPage>
);

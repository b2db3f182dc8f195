import { CardPage } from '@/components/ui/card-page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export const ForgotPasswordRoute = () => (
  <CardPage title="Reset Your Password">
    <ForgotPasswordForm />
  </CardPage>
);

import { useSearchParams } from 'react-router-dom';
import { CardPage } from '@/components/ui/card-page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export const ResetPasswordRoute = () => {
  const [searchParams] = useSearchParams();
  return (
    <CardPage title="Choose a New Password">
      <ResetPasswordForm token={searchParams.get('token')} />
    </CardPage>
  );
};

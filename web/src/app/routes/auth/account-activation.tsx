import { useSearchParams } from 'react-router-dom';
import { CardPage } from '@/components/ui/card-page';
import { AccountActivation } from '@/features/auth/components/account-activation';

export const AccountActivationRoute = () => {
  const [searchParams] = useSearchParams();
  return (
    <CardPage title="Account Activation">
      <AccountActivation token={searchParams.get('token')} />
    </CardPage>
  );
};

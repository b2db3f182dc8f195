import { useSearchParams } from 'react-router-dom';
import { CardPage } from '@/components/ui/card-page';
import { UpdateEmailResult } from '@/features/auth/components/update-email-result';

export const UpdateEmailRoute = () => {
  const [searchParams] = useSearchParams();
  return (
    <CardPage title="Email Update">
      <UpdateEmailResult token={searchParams.get('token')} />
    </CardPage>
  );
};

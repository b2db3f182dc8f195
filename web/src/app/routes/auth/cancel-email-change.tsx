import { useSearchParams } from 'react-router-dom';
import { CardPage } from '@/components/ui/card-page';
import { CancelEmailChangeResult } from '@/features/auth/components/cancel-email-change-result';

/** The link sent to the current address when someone asks to change it (issue 21). */
export const CancelEmailChangeRoute = () => {
  const [searchParams] = useSearchParams();
  return (
    <CardPage title="Cancel Email Change">
      <CancelEmailChangeResult token={searchParams.get('token')} />
    </CardPage>
  );
};

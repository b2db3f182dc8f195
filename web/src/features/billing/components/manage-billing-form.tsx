import { Button } from '@/components/ui/button';
import { useSession } from '@/stores/session-store';
import { portalFormAction } from '../api/open-portal';

/**
 * Spec 1 §2.5: Manage Billing submits a browser form carrying hidden userId to the customer-portal-session
 * endpoint, which answers with a redirect to the portal. A form post cannot send the bearer header, so the page's
 * access token rides along in a hidden field (without it the server sends the browser back here to finish).
 */
export const ManageBillingForm = ({ userId }: { userId: string }) => {
  const accessToken = useSession((state) => state.accessToken);
  return (
    <form method="post" action={portalFormAction('portal')}>
      <input type="hidden" name="userId" value={userId} />
      {accessToken && <input type="hidden" name="accessToken" value={accessToken} />}
      <Button type="submit">Manage Billing</Button>
    </form>
  );
};

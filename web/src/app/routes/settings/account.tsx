import { PageTitle } from '@/components/ui/page-title';
import { AccountOverview } from '@/features/account/components/account-overview';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { useSession } from '@/stores/session-store';

const NoUser = () => (
  <p role="alert" className="text-red-700">
    We could not tell which account is signed in. Please sign in again.
  </p>
);

/** /settings/account: the profile; it needs a signed-in userId (spec 1 §2.4). */
export const AccountRoute = () => {
  const userId = useSession((state) => state.userId);
  return (
    <>
      <PageTitle title="Account settings" />
      {userId ? <AccountOverview userId={userId} /> : <NoUser />}
    </>
  );
};

export const ChangePasswordRoute = () => (
  <>
    <PageTitle title="Change password" />
    <ChangePasswordForm />
  </>
);

export const ChangeEmailRoute = () => (
  <>
    <PageTitle title="Change email" />
    <ChangeEmailForm />
  </>
);

import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CONFIRM_SUCCESS, confirmErrorMessage, useConfirmAccount } from '../api/confirm-account';
import { ResultPanel } from './result-panel';

const Activation = ({ token }: { token: string }) => {
  const { isPending, isSuccess, error } = useConfirmAccount(token);
  return (
    <ResultPanel
      pending={isPending}
      pendingLabel="Confirming your account…"
      ok={isSuccess}
      message={isSuccess ? CONFIRM_SUCCESS : confirmErrorMessage(error)}
    >
      <ButtonLink to={paths.login} className="w-full">
        Log In
      </ButtonLink>
    </ResultPanel>
  );
};

/** /account-activation?token=…: confirms the account on load (spec 1 §2.6). */
export const AccountActivation = ({ token }: { token: string | null }) =>
  token ? (
    <Activation token={token} />
  ) : (
    <ResultPanel
      pending={false}
      pendingLabel=""
      ok={false}
      message="Token not found. Please check your confirmation link."
    >
      <ButtonLink to={paths.login} className="w-full">
        Log In
      </ButtonLink>
    </ResultPanel>
  );

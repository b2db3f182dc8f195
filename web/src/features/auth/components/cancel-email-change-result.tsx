import { accountMessages } from '@etf-replicator/core/contracts/accounts';
import { useEffect } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session-store';
import {
  CANCEL_EMAIL_CHANGE_SUCCESS,
  cancelEmailChangeErrorMessage,
  useCancelEmailChange,
} from '../api/cancel-email-change';
import { ResultPanel } from './result-panel';

const Actions = () => (
  <div className="space-y-3">
    <ButtonLink to={paths.forgotPassword} className="w-full">
      Reset my password
    </ButtonLink>
    <ButtonLink to={paths.login} variant="secondary" className="w-full">
      Log In
    </ButtonLink>
  </div>
);

const Cancel = ({ token }: { token: string }) => {
  const { isPending, isSuccess, error } = useCancelEmailChange(token);
  // Every sign-in of the account ended on the server: this tab's session is over too.
  useEffect(() => {
    if (isSuccess) useSession.getState().clear();
  }, [isSuccess]);
  return (
    <ResultPanel
      pending={isPending}
      pendingLabel="Cancelling the email change…"
      ok={isSuccess}
      message={isSuccess ? CANCEL_EMAIL_CHANGE_SUCCESS : cancelEmailChangeErrorMessage(error)}
    >
      <Actions />
    </ResultPanel>
  );
};

/** /cancel-email-change?token=…: stops an e-mail change the owner did not ask for, on load. */
export const CancelEmailChangeResult = ({ token }: { token: string | null }) =>
  token ? (
    <Cancel token={token} />
  ) : (
    <ResultPanel
      pending={false}
      pendingLabel=""
      ok={false}
      message={accountMessages.cancelEmailChangeTokenNotFound}
    >
      <Actions />
    </ResultPanel>
  );

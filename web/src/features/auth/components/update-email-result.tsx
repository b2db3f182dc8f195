import { useEffect } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { refreshAccessToken } from '@/lib/session';
import { selectMaySignIn, useSession } from '@/stores/session-store';
import { UPDATE_EMAIL_SUCCESS, updateEmailErrorMessage, useUpdateEmail } from '../api/update-email';
import { ResultPanel } from './result-panel';

const UpdateEmail = ({ token }: { token: string }) => {
  const { isPending, isSuccess, error } = useUpdateEmail(token);
  const signedIn = useSession(selectMaySignIn);

  // The access token still names the old address; a refresh brings the new one (spec 1 §2.6).
  useEffect(() => {
    if (isSuccess && useSession.getState().hasRefreshToken) {
      refreshAccessToken().catch(() => undefined);
    }
  }, [isSuccess]);

  return (
    <ResultLink
      pending={isPending}
      ok={isSuccess}
      message={isSuccess ? UPDATE_EMAIL_SUCCESS : updateEmailErrorMessage(error)}
      signedIn={signedIn}
    />
  );
};

const ResultLink = ({
  pending,
  ok,
  message,
  signedIn,
}: {
  pending: boolean;
  ok: boolean;
  message: string;
  signedIn: boolean;
}) => (
  <ResultPanel pending={pending} pendingLabel="Updating your e-mail address…" ok={ok} message={message}>
    {signedIn ? (
      <ButtonLink to={paths.settingsAccount} className="w-full">
        Go to Settings
      </ButtonLink>
    ) : (
      <ButtonLink to={paths.login} className="w-full">
        Log In
      </ButtonLink>
    )}
  </ResultPanel>
);

/** /update-email?token=…: confirms an e-mail change on load. */
export const UpdateEmailResult = ({ token }: { token: string | null }) => {
  const signedIn = useSession(selectMaySignIn);
  return token ? (
    <UpdateEmail token={token} />
  ) : (
    <ResultLink
      pending={false}
      ok={false}
      message="Token not found. Please request a new email change."
      signedIn={signedIn}
    />
  );
};

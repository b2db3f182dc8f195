import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { startSession } from '@/lib/session';
import { oauthFailure, oauthOrigin, useOAuthCallback } from '../api/oauth-callback';

type Props = {
  code: string;
  state: string;
  /** Called once signed in, with where the flow began (login or connecting an account). */
  onSignedIn: (origin: 'login' | 'connect') => void;
  /** Called for the conflicts that spec 1 §8 sends to /settings/account with a toast. */
  onConflict: () => void;
};

/** Finishes a Google sign-in or account connection that came back to /login with ?code&state. */
export const OAuthCallback = ({ code, state, onSignedIn, onConflict }: Props) => {
  const { data, error } = useOAuthCallback({ code, state });
  const handled = useRef(false);
  const [undecodable, setUndecodable] = useState(false);
  const failure = error ? oauthFailure(error) : undefined;

  useEffect(() => {
    if (handled.current) return;
    if (data) {
      handled.current = true;
      try {
        startSession(data.access_token);
        onSignedIn(oauthOrigin(state));
      } catch {
        setUndecodable(true);
      }
    } else if (failure?.kind === 'conflict') {
      handled.current = true;
      toast.error(failure.message);
      onConflict();
    }
  }, [data, failure, state, onSignedIn, onConflict]);

  if (failure?.kind === 'error' || undecodable) {
    return (
      <div className="space-y-4 text-center">
        <FormError message={failure?.message ?? 'Login Failed'} attempt={0} />
        <TextLink to={paths.login} replace>
          Back to sign in
        </TextLink>
      </div>
    );
  }
  return <Spinner label="Signing you in…" />;
};

import { accountMessages } from '@etf-replicator/core/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Divider } from '@/components/ui/divider';
import { FormError } from '@/components/ui/form-error';
import { GoogleLink } from '@/components/ui/google-link';
import { LegalNote } from '@/components/ui/legal-note';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { useSignInProviders } from '@/lib/sign-in-providers';
import { useSession } from '@/stores/session-store';
import { loginErrorMessage, useLogin } from '../api/login';
import { ResendConfirmation } from './resend-confirmation';

/**
 * Issue 32: what the box does, as the server does it (api/src/accounts/refresh-tokens.ts): ticked, a 30-day refresh
 * cookie, renewed while the app is used; unticked, a browser-session cookie the server honours for a day from the
 * last use. A reload keeps either.
 */
export const TRUST_THIS_DEVICE_HINT =
  'Keeps you signed in on this browser for 30 days. Without it, you are signed out when you close the browser, or after a day without using the app.';

/** Spec 1 §2.6 login: e-mail, password with show/hide, Trust This Device (persist), Google, links. */
export const LoginForm = ({ onSuccess }: { onSuccess: () => void }) => {
  const providers = useSignInProviders();
  const googleUnavailable =
    providers.data?.google === false ? accountMessages.googleNotConfiguredHint : undefined;
  const persist = useSession((state) => state.persist);
  const setPersist = useSession((state) => state.setPersist);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  /** The address whose sign-in was refused as not confirmed yet: it may ask for a new confirmation e-mail. */
  const [unconfirmed, setUnconfirmed] = useState<string>();

  const fail = (message: string) => {
    setError(message);
    setAttempt((count) => count + 1);
  };

  const loginMutation = useLogin({
    mutationConfig: {
      onSuccess: ({ access_token }) => {
        try {
          startSession(access_token);
        } catch {
          fail('Login Failed');
          return;
        }
        onSuccess();
      },
      onError: (failure, { email: address }) => {
        const message = loginErrorMessage(failure);
        if (message === 'Username or Password Invalid') toast.error(message);
        // The server answers 401 only for a right password on an address not confirmed yet.
        setUnconfirmed(isApiError(failure, 401) ? address : undefined);
        fail(message);
      },
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    setError(undefined);
    loginMutation.mutate({ email: email.trim(), password, persist });
  };

  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Sign in">
        <FormError message={error} attempt={attempt} />
        {unconfirmed && <ResendConfirmation key={attempt} email={unconfirmed} />}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex items-start justify-between gap-3">
          <CheckboxField
            label="Trust This Device"
            hint={TRUST_THIS_DEVICE_HINT}
            checked={persist}
            onChange={(event) => setPersist(event.target.checked)}
          />
          <TextLink to={paths.forgotPassword} className="shrink-0 text-sm">
            Forgot password?
          </TextLink>
        </div>
        <Button type="submit" className="w-full" aria-disabled={loginMutation.isPending || undefined}>
          {loginMutation.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <Divider label="Or continue with" />
      {/* The round trip leaves the app: Trust This Device travels with it so the server issues the right cookie. */}
      <GoogleLink
        href={persist ? `${paths.googleSignIn}?persist=true` : paths.googleSignIn}
        unavailable={googleUnavailable}
      >
        Google
      </GoogleLink>
      <p className="mt-6 text-center text-sm text-slate-600">
        Not a member? <TextLink to={paths.register}>Register Now</TextLink>
      </p>
      <LegalNote action="signing in" />
    </>
  );
};

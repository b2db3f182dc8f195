import { type FormEvent, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isValidPassword, messages } from '@/lib/validation';
import { RESET_SUCCESS, resetErrorMessage, useResetPassword } from '../api/reset-password';

type Result = { ok: boolean; message: string };

/** Spec 1 §2.6 reset password (the token comes from the e-mail link's query string). */
export const ResetPasswordForm = ({ token }: { token: string | null }) => {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<Result>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const resetMutation = useResetPassword({
    mutationConfig: {
      onSuccess: () => setResult({ ok: true, message: RESET_SUCCESS }),
      onError: (failure) => setResult({ ok: false, message: resetErrorMessage(failure) }),
    },
  });

  if (!token) {
    return (
      <div className="space-y-4 text-center">
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-700">
          {messages.missingResetToken}
        </p>
        <TextLink to={paths.forgotPassword}>Request a new link</TextLink>
      </div>
    );
  }

  if (result) {
    return (
      <div className="space-y-4 text-center">
        <p
          role={result.ok ? 'status' : 'alert'}
          className={`rounded-md p-3 text-sm font-medium ${result.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700'}`}
        >
          {result.message}
        </p>
        <ButtonLink to={paths.login} className="w-full">
          Go to Login
        </ButtonLink>
      </div>
    );
  }

  const passwordValid = isValidPassword(password);
  const confirmValid = confirm !== '' && confirm === password;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resetMutation.isPending) return;
    if (!passwordValid || !confirmValid) {
      setError(messages.invalidEntry);
      setAttempt((count) => count + 1);
      return;
    }
    setError(undefined);
    resetMutation.mutate({ token, password });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Choose a new password">
      <FormError message={error} attempt={attempt} />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        invalid={password !== '' && !passwordValid}
        hint={password !== '' && !passwordValid ? messages.passwordHint : undefined}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        invalid={confirm !== '' && !confirmValid}
        hint={confirm !== '' && !confirmValid ? messages.confirmMatchesPassword : undefined}
      />
      <Button type="submit" className="w-full" aria-disabled={resetMutation.isPending || undefined}>
        {resetMutation.isPending ? 'Processing...' : 'Reset Password'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it? <TextLink to={paths.login}>Sign In</TextLink>
      </p>
    </form>
  );
};

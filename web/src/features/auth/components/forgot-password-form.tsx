import { type FormEvent, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { currentHost } from '@/lib/site';
import { isValidEmail, messages } from '@/lib/validation';
import { useRequestPasswordReset } from '../api/forgot-password';

/** Spec 1 §2.6 forgot password: the button waits for a valid e-mail; a failure is only logged (spec 1 §8). */
export const ForgotPasswordForm = () => {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const valid = isValidEmail(email);
  const resetMutation = useRequestPasswordReset({
    mutationConfig: {
      onSuccess: (_data, input) => setSentTo(input.email),
      onError: (error) => console.warn('Could not send the password reset e-mail:', error),
    },
  });

  if (sentTo !== undefined) {
    return (
      <div role="status" className="space-y-4 text-center">
        <h2 className="text-xl font-semibold text-slate-900">Check Your Inbox</h2>
        <p className="text-slate-700">
          We sent a password reset link to <strong>{sentTo}</strong>.
        </p>
        <p className="text-sm text-slate-500">Can't find it? Check your spam or junk folder.</p>
        <ButtonLink to={paths.login} className="w-full">
          Back to Login
        </ButtonLink>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || resetMutation.isPending) return;
    resetMutation.mutate({ email: email.trim(), hostname: currentHost() });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Reset your password">
      <p className="text-sm text-slate-600">
        Enter your account's e-mail and we will send you a link to reset your password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        invalid={email !== '' && !valid}
        hint={email !== '' && !valid ? messages.emailGeneral : undefined}
      />
      <Button type="submit" className="w-full" disabled={!valid || resetMutation.isPending}>
        Send Reset Link
      </Button>
      <p className="text-center text-sm">
        <TextLink to={paths.login}>Back to Login</TextLink>
      </p>
    </form>
  );
};

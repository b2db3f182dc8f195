import { accountMessages } from '@etf-replicator/core/contracts/accounts';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Divider } from '@/components/ui/divider';
import { FormError } from '@/components/ui/form-error';
import { GoogleLink } from '@/components/ui/google-link';
import { LegalNote } from '@/components/ui/legal-note';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useSignInProviders } from '@/lib/sign-in-providers';
import { currentHost } from '@/lib/site';
import { isValidEmail, isValidName, isValidPassword, messages } from '@/lib/validation';
import { EMAIL_EXISTS_TOAST, registerErrorMessage, useRegister } from '../api/register';

type Fields = { firstName: string; lastName: string; email: string; password: string; confirm: string };
const empty: Fields = { firstName: '', lastName: '', email: '', password: '', confirm: '' };

/** A hint shows while a filled-in field is invalid (spec 1 §5); empty fields only fail on submit. */
const feedback = (value: string, ok: boolean, hint: string) => {
  const invalid = value !== '' && !ok;
  return { invalid, hint: invalid ? hint : undefined };
};

/** Spec 1 §2.6 registration. Calls `onRegistered` after the server accepted the sign-up. */
export const RegisterForm = ({ onRegistered }: { onRegistered: (email: string) => void }) => {
  const providers = useSignInProviders();
  const googleUnavailable =
    providers.data?.google === false ? accountMessages.googleNotConfiguredHint : undefined;
  const [fields, setFields] = useState<Fields>(empty);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const sending = useRef(false);

  const valid = {
    firstName: isValidName(fields.firstName),
    lastName: isValidName(fields.lastName),
    email: isValidEmail(fields.email),
    password: isValidPassword(fields.password),
    confirm: fields.confirm !== '' && fields.confirm === fields.password,
  };

  const fail = (message: string) => {
    setError(message);
    setAttempt((count) => count + 1);
  };

  const registerMutation = useRegister({
    mutationConfig: {
      onSuccess: () => onRegistered(fields.email.trim()),
      onError: (failure) => {
        const message = registerErrorMessage(failure);
        if (message.startsWith('Email already exists')) toast.error(EMAIL_EXISTS_TOAST);
        fail(message);
      },
      onSettled: () => {
        sending.current = false;
      },
    },
  });

  const change = (name: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setError(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    if (!Object.values(valid).every(Boolean)) {
      fail(messages.invalidEntry);
      return;
    }
    sending.current = true;
    setError(undefined);
    registerMutation.mutate({
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      email: fields.email.trim(),
      password: fields.password,
      hostname: currentHost(),
    });
  };

  const common = { required: true, 'aria-required': true } as const;
  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Sign up">
        <FormError message={error} attempt={attempt} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="given-name"
            {...common}
            value={fields.firstName}
            onChange={change('firstName')}
            {...feedback(fields.firstName, valid.firstName, messages.name)}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            {...common}
            value={fields.lastName}
            onChange={change('lastName')}
            {...feedback(fields.lastName, valid.lastName, messages.name)}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...common}
          value={fields.email}
          onChange={change('email')}
          {...feedback(fields.email, valid.email, messages.emailRegistration)}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...common}
          value={fields.password}
          onChange={change('password')}
          {...feedback(fields.password, valid.password, messages.passwordHint)}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          {...common}
          value={fields.confirm}
          onChange={change('confirm')}
          {...feedback(fields.confirm, valid.confirm, messages.confirmMatchesPassword)}
        />
        <Button type="submit" className="w-full" aria-disabled={registerMutation.isPending || undefined}>
          {registerMutation.isPending ? 'Processing...' : 'Sign up'}
        </Button>
      </form>
      <Divider label="Or continue with" />
      <GoogleLink href={paths.googleSignIn} unavailable={googleUnavailable}>
        Google
      </GoogleLink>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already registered? <TextLink to={paths.login}>Log In</TextLink>
      </p>
      <LegalNote action="signing up" />
    </>
  );
};

import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isValidPassword, messages } from '@/lib/validation';
import {
  CHANGE_PASSWORD_SUCCESS,
  changePasswordErrorMessage,
  useChangePassword,
} from '../api/change-password';

const empty = { currentPassword: '', newPassword: '', confirmationPassword: '' };

/** Settings → change password: current, new and confirmation (spec 1 §2.4). */
export const ChangePasswordForm = () => {
  const [fields, setFields] = useState(empty);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState(false);
  const fail = (message: string) => {
    setError(message);
    setAttempt((count) => count + 1);
  };
  const mutation = useChangePassword({
    mutationConfig: {
      onSuccess: () => {
        setFields(empty);
        setDone(true);
      },
      onError: (failure) => fail(changePasswordErrorMessage(failure)),
    },
  });

  const newValid = isValidPassword(fields.newPassword);
  const confirmValid =
    fields.confirmationPassword !== '' && fields.confirmationPassword === fields.newPassword;
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setError(undefined);
    setDone(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (fields.currentPassword === '' || !newValid || !confirmValid) {
      fail(messages.invalidEntry);
      return;
    }
    setError(undefined);
    mutation.mutate(fields);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="max-w-md space-y-5"
      aria-labelledby="change-password-heading"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <FormError message={error} attempt={attempt} />
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-800">
          {CHANGE_PASSWORD_SUCCESS}
        </p>
      )}
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        required
        value={fields.currentPassword}
        onChange={set('currentPassword')}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        required
        value={fields.newPassword}
        onChange={set('newPassword')}
        invalid={fields.newPassword !== '' && !newValid}
        hint={fields.newPassword !== '' && !newValid ? messages.passwordHint : undefined}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        required
        value={fields.confirmationPassword}
        onChange={set('confirmationPassword')}
        invalid={fields.confirmationPassword !== '' && !confirmValid}
        hint={
          fields.confirmationPassword !== '' && !confirmValid ? messages.confirmMatchesNewPassword : undefined
        }
      />
      <div className="flex items-center gap-4">
        <Button type="submit" aria-disabled={mutation.isPending || undefined}>
          {mutation.isPending ? 'Processing...' : 'Change Password'}
        </Button>
        <TextLink to={paths.settingsAccount}>Back to account</TextLink>
      </div>
    </form>
  );
};

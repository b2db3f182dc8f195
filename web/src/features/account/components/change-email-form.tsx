import { accountMessages } from '@etf-replicator/core/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { currentHost } from '@/lib/site';
import { isValidEmail, messages } from '@/lib/validation';
import { CHANGE_EMAIL_SUCCESS, changeEmailErrorMessage, useChangeEmail } from '../api/change-email';

/**
 * Settings → change e-mail: the new address and the current password (issue 21: a session alone must not move the
 * account). The change completes from the link sent to the new address; the current one is told, with a cancel link.
 */
export const ChangeEmailForm = () => {
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState(false);
  const fail = (message: string) => {
    setError(message);
    setAttempt((count) => count + 1);
  };
  const mutation = useChangeEmail({
    mutationConfig: {
      onSuccess: () => setSent(true),
      onError: (failure) => fail(changeEmailErrorMessage(failure)),
    },
  });
  const valid = isValidEmail(newEmail);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!valid) {
      fail(messages.emailGeneral);
      return;
    }
    if (currentPassword === '') {
      fail(accountMessages.changeEmailPasswordRequired);
      return;
    }
    setError(undefined);
    mutation.mutate({ newEmail: newEmail.trim(), currentPassword, hostname: currentHost() });
  };

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-5" aria-labelledby="change-email-heading">
      <h2 id="change-email-heading" className="text-lg font-semibold text-slate-900">
        Change email
      </h2>
      <FormError message={error} attempt={attempt} />
      {sent && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-800">
          {CHANGE_EMAIL_SUCCESS}
        </p>
      )}
      <TextField
        label="New Email"
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        onChange={(event) => {
          setNewEmail(event.target.value);
          setError(undefined);
          setSent(false);
        }}
        invalid={newEmail !== '' && !valid}
        hint={newEmail !== '' && !valid ? messages.emailGeneral : undefined}
      />
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => {
          setCurrentPassword(event.target.value);
          setError(undefined);
          setSent(false);
        }}
      />
      <div className="flex items-center gap-4">
        <Button type="submit" aria-disabled={mutation.isPending || undefined}>
          {mutation.isPending ? 'Processing...' : 'Change Email'}
        </Button>
        <TextLink to={paths.settingsAccount}>Back to account</TextLink>
      </div>
    </form>
  );
};

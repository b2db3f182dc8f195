import { accountMessages } from '@etf-replicator/core/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type ChangeEmailInput = { newEmail: string; currentPassword: string; hostname: string };

/** 202 is success (spec 1 §7); the change takes effect when the link sent to the new address is opened. */
export const changeEmail = (data: ChangeEmailInput): Promise<unknown> =>
  api.patch('/api/users/change-email', data);

export const useChangeEmail = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof changeEmail>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: changeEmail });

export const CHANGE_EMAIL_SUCCESS =
  'An email has been sent to your new address. Please check your inbox to confirm.';

/** The 400 answers about the current password (issue 21), shown as the server words them. */
const PASSWORD_ANSWERS: readonly string[] = [
  accountMessages.changeEmailPasswordRequired,
  accountMessages.changeEmailNoPassword,
  accountMessages.incorrectCurrentPassword,
];

/** Spec 1 §8, change e-mail, plus the current-password answers. */
export const changeEmailErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 400)
    return PASSWORD_ANSWERS.includes(error.message) ? error.message : 'Invalid email format.';
  if (error instanceof ApiError && error.status === 401) return 'Unauthorized. Please log in.';
  if (error instanceof ApiError && error.status === 409) return 'Email already in use.';
  return 'Something went wrong. Please try again.';
};

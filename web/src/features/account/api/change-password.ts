import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
  confirmationPassword: string;
};

/** 202 is success (spec 1 §7). */
export const changePassword = (data: ChangePasswordInput): Promise<unknown> =>
  api.patch('/api/users/change-password', data);

export const useChangePassword = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof changePassword>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: changePassword });

export const CHANGE_PASSWORD_SUCCESS = 'Password changed successfully!';

/** Spec 1 §8, change password. */
export const changePasswordErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 400) return 'Incorrect current password.';
  if (error instanceof ApiError && error.status === 409)
    return 'New password must differ from the current one.';
  if (error instanceof ApiError && error.status === 422) return 'Passwords do not match.';
  return 'Something went wrong. Please try again.';
};

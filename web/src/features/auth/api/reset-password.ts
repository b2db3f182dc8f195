import { useMutation } from '@tanstack/react-query';
import { ApiError, publicApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type ResetPasswordInput = { token: string; password: string };

export const resetPassword = (data: ResetPasswordInput): Promise<unknown> =>
  publicApi.post('/api/auth/reset-password', data);

export const useResetPassword = ({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<typeof resetPassword>;
} = {}) => useMutation({ ...mutationConfig, mutationFn: resetPassword });

export const RESET_SUCCESS = 'Password reset successfully.';

/** Spec 1 §8, reset. */
export const resetErrorMessage = (error: unknown): string => {
  if (!(error instanceof ApiError)) return 'An error occurred while resetting your password.';
  if (error.noResponse) return 'No response received. Please try again.';
  if (error.status === 404) return 'Token not found. Please request a new password reset email.';
  if (error.status === 410) return 'Token has expired. Please request a new password reset email.';
  return "Failed to reset your password. Server didn't respond. Please try again later.";
};

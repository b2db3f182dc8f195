import { useMutation } from '@tanstack/react-query';
import { ApiError, publicApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type RegisterInput = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  hostname: string;
};

export const register = (data: RegisterInput): Promise<unknown> => publicApi.post('/api/auth/register', data);

export const useRegister = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof register> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: register });

export const EMAIL_EXISTS_TOAST =
  "Email already exists. We've resent the confirmation email, check your spam folder too.";

/** Spec 1 §8, registration. */
export const registerErrorMessage = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.noResponse) return 'No Server Response';
  if (error.status === 409) return 'Email is already taken';
  if (error.status === 400) {
    return 'Email already exists. Please check your email inbox and spam folder for the confirmation.';
  }
  return 'Registration Failed';
};

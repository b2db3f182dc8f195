import { useMutation } from '@tanstack/react-query';
import { ApiError, publicApi } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type LoginInput = { email: string; password: string; persist: boolean };
export type TokenResponse = { access_token: string };

export const login = (data: LoginInput): Promise<TokenResponse> =>
  publicApi.post<TokenResponse>('/api/auth/login', data);

export const useLogin = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof login> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: login });

/**
 * Spec 1 §8, login, except where the server gives a reason the user can act on (issue 15): an address not confirmed
 * yet (401) and too many attempts (429) show the server's message instead of 'Unauthorized' / 'Login Failed'.
 */
export const loginErrorMessage = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.noResponse) return 'No Server Response';
  if (error.status === 400)
    return error.message === 'User is disabled' ? 'User is disabled' : 'Username or Password Invalid';
  if ((error.status === 401 || error.status === 429) && error.message.trim() !== '') return error.message;
  if (error.status === 401) return 'Unauthorized';
  return 'Login Failed';
};

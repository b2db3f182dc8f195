import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, publicApi } from '@/lib/api-client';

export const confirmAccount = (token: string): Promise<unknown> =>
  publicApi.get(`/api/auth/confirm?${new URLSearchParams({ token }).toString()}`);

/** A query, not a mutation: the link is confirmed once per page load even when effects run twice. */
export const confirmAccountQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['confirm-account', token],
    queryFn: () => confirmAccount(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useConfirmAccount = (token: string) => useQuery(confirmAccountQueryOptions(token));

export const CONFIRM_SUCCESS = 'Account confirmed';

/** Spec 1 §8, confirm. */
export const confirmErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 404)
    return 'Token not found. Please check your confirmation link.';
  if (error instanceof ApiError && error.status === 409) return 'Email already confirmed.';
  if (error instanceof ApiError && error.status === 410)
    return 'Token has expired. Please request a new confirmation email.';
  return 'Failed to confirm your account. Please try again.';
};

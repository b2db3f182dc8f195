import { accountMessages } from '@etf-replicator/core/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, publicApi } from '@/lib/api-client';

/** GET /api/auth/cancel-email-change?token=: the link sent to the current address when a change was requested. */
export const cancelEmailChange = (token: string): Promise<unknown> =>
  publicApi.get(`/api/auth/cancel-email-change?${new URLSearchParams({ token }).toString()}`);

export const cancelEmailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['cancel-email-change', token],
    queryFn: () => cancelEmailChange(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useCancelEmailChange = (token: string) => useQuery(cancelEmailChangeQueryOptions(token));

export const CANCEL_EMAIL_CHANGE_SUCCESS = accountMessages.emailChangeCancelled;

export const cancelEmailChangeErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 404)
    return accountMessages.cancelEmailChangeTokenNotFound;
  if (error instanceof ApiError && error.status === 410) return accountMessages.cancelEmailChangeTokenExpired;
  if (error instanceof ApiError && error.status === 409) return accountMessages.emailChangeAlreadyConfirmed;
  return 'The email change could not be cancelled. Please try again, or reset your password now.';
};

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, publicApi } from '@/lib/api-client';

export const updateEmail = (token: string): Promise<unknown> =>
  publicApi.get(`/api/auth/update-email?${new URLSearchParams({ token }).toString()}`);

export const updateEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['update-email', token],
    queryFn: () => updateEmail(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useUpdateEmail = (token: string) => useQuery(updateEmailQueryOptions(token));

export const UPDATE_EMAIL_SUCCESS = 'Email updated successfully.';

/** Spec 1 §8, update e-mail. */
export const updateEmailErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.status === 404)
    return 'Token not found. Please request a new email change.';
  if (error instanceof ApiError && error.status === 410)
    return 'Token has expired. Please request a new email change.';
  return 'Failed to update your email address. Please try again.';
};

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type OAuthProvider = { provider: string; email?: string | null };

/** The User entity of spec 1 §3 (fields this screen does not use are optional). */
export type User = {
  id: string;
  username?: string | null;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  roles?: unknown;
  oauthProviders?: OAuthProvider[] | null;
};

export const getUser = (userId: string): Promise<User> =>
  api.get<User>(`/api/users/${encodeURIComponent(userId)}`);

export const getUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['users', userId], queryFn: () => getUser(userId) });

export const useUser = (userId: string) => useQuery(getUserQueryOptions(userId));

export const hasProvider = (user: User, provider: string): boolean =>
  (user.oauthProviders ?? []).some((entry) => entry.provider === provider);

export const displayName = (user: User): string =>
  user.fullName?.trim() ||
  [user.firstName, user.lastName].filter(Boolean).join(' ') ||
  user.username ||
  user.email;

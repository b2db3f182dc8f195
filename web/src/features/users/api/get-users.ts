import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A user list item (spec 1 §3): the username; the call answers whole profiles, this screen reads only that. */
const userListItemSchema = z.object({ id: z.string(), username: z.string() });
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /api/users, cancellable (spec 1 §7): react-query aborts it when the screen goes away. */
export const getUsers = async (signal?: AbortSignal): Promise<UserListItem[]> =>
  z.array(userListItemSchema).parse(await api.get<unknown>('/api/users', signal ? { signal } : {}));

export const getUsersQueryOptions = () =>
  queryOptions({ queryKey: ['users-list'], queryFn: ({ signal }) => getUsers(signal), staleTime: 0 });

export const useUsers = () => useQuery(getUsersQueryOptions());

import { userProfileSchema } from '@etf-replicator/core/contracts/accounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const usersPageSchema = z.object({
  content: z.array(userProfileSchema),
  totalElements: z.number(),
  page: z.number(),
  size: z.number(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;
export type AdminUser = UsersPage['content'][number];
export type UsersQuery = { q: string; page: number; size: number };

/** GET /api/admin/users?q&page&size (admin): one page of users matching the search. */
export const getAdminUsers = async ({ q, page, size }: UsersQuery): Promise<UsersPage> => {
  const params = new URLSearchParams({ page: String(page), size: String(size) });
  if (q) params.set('q', q);
  return usersPageSchema.parse(await api.get<unknown>(`/api/admin/users?${params}`));
};

export const getAdminUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({ queryKey: ['admin', 'users', query], queryFn: () => getAdminUsers(query), staleTime: 0 });

export const useAdminUsers = (query: UsersQuery) =>
  useQuery({ ...getAdminUsersQueryOptions(query), placeholderData: keepPreviousData });

import { userProfileSchema } from '@etf-replicator/core/contracts/accounts';
import { wholeNumber } from '@etf-replicator/core/contracts/whole-number';
import { searchUsers } from '@etf-replicator/projections/audit-log/index';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toUserProfile } from '../../users/user-profile';

export const ADMIN_USERS_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * GET /api/admin/users?q&page&size: the UsersTable's paged, searchable list (e-mail, name or id). Same User entity
 * as GET /api/users: the password is a mask, never a hash.
 */
export const searchUsersRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, searchable and paged',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          q: z.string().trim().max(254).optional(),
          page: wholeNumber().pipe(z.number().min(0).max(100_000)).default(0),
          size: z.coerce
            .number()
            .int()
            .refine(
              (size) => (ADMIN_USERS_PAGE_SIZES as readonly number[]).includes(size),
              'must be 10, 25, 50 or 100',
            )
            .default(25),
        }),
        response: {
          200: z.object({
            content: z.array(userProfileSchema),
            totalElements: z.number().int(),
            page: z.number().int(),
            size: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { q, page, size } = request.query;
      const found = await searchUsers(app.db.pool, { ...(q ? { q } : {}), page, size });
      return { content: found.users.map(toUserProfile), totalElements: found.total, page, size };
    },
  );
};

import {
  accountMessages as m,
  userListSchema,
  userProfileSchema,
} from '@etf-replicator/core/contracts/accounts';
import { getUserById, listUsers } from '@etf-replicator/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../../auth/session-user';
import { HttpError } from '../../http/http-error';
import { toUserProfile } from './user-profile';

/**
 * GET /api/users: every user for an admin, only oneself for anyone else. GET /api/users/{id}: one's own profile, or
 * any profile for an admin; 404 'User not found' otherwise (never revealing whether the id exists).
 */
export const getUsersRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/users',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Users (all for admins, oneself otherwise)',
        response: { 200: userListSchema },
      },
    },
    async (request) => {
      if (isAdmin(request.user)) return (await listUsers(app.db.pool)).map(toUserProfile);
      const own = await getUserById(app.db.pool, request.user.userId);
      return own ? [toUserProfile(own)] : [];
    },
  );

  typed.get(
    '/api/users/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'A user profile (own, or any for admins)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: userProfileSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id !== request.user.userId && !isAdmin(request.user)) throw new HttpError(404, m.userNotFound);
      const row = await getUserById(app.db.pool, id);
      if (!row) throw new HttpError(404, m.userNotFound);
      return toUserProfile(row);
    },
  );
};

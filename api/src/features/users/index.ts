import type { FastifyInstance } from 'fastify';
import { changeEmailRoute } from './change-email';
import { changePasswordRoute } from './change-password';
import { getUsersRoutes } from './get-users';

/** /api/users/*: profiles (own, or all for admins), password and e-mail changes. */
export default async function usersFeature(app: FastifyInstance) {
  getUsersRoutes(app);
  changePasswordRoute(app);
  changeEmailRoute(app);
}

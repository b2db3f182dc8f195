import { ROLE_ADMIN, userProfileSchema, userRoleSchema } from '@etf-replicator/core/contracts/accounts';
import { planSchema } from '@etf-replicator/core/plans/plans';
import { isDomainError } from '@etf-replicator/core/shared/domain-error';
import type { UserCommand } from '@etf-replicator/core/user/index';
import { getUserById } from '@etf-replicator/projections/users/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeUserPlan, runAdminCommand } from '../../accounts/change-plan';
import { commandMetadata } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';
import { toUserProfile } from '../users/user-profile';

const params = z.object({ id: z.string().max(100) });
/** Not 'User not found': the client signs the caller out on that message, and here the caller is fine. */
const NO_SUCH_USER = 'There is no user with this id.';

const schema = <B extends z.ZodType>(summary: string, body: B) => ({
  tags: ['admin'],
  summary,
  params,
  body,
  response: { 200: userProfileSchema },
});

/**
 * POST /api/admin/users/{id}/plan { plan: STARTER|GROWTH|PRO|GOLD|null }, /roles { roles: [...] } and
 * /status { disabled }: recorded as events on the user's stream (admins only). Each answers the updated profile.
 */
export default async function adminUsersFeature(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.requireRole(ROLE_ADMIN)];
  const actor = (request: FastifyRequest) => ({
    actorUserId: request.user.userId,
    correlationId: request.id,
  });

  const respond = async (id: string, change: () => Promise<unknown>) => {
    try {
      await change();
    } catch (error) {
      if (isDomainError(error) && error.code === 'USER_NOT_FOUND') throw new HttpError(404, NO_SUCH_USER);
      throw error;
    }
    const row = await getUserById(app.db.pool, id);
    if (!row) throw new HttpError(404, NO_SUCH_USER);
    return toUserProfile(row);
  };
  const run = (request: FastifyRequest, id: string, command: UserCommand) =>
    respond(id, () => runAdminCommand(app.accounts, id, command, actor(request)));

  typed.post(
    '/api/admin/users/:id/plan',
    {
      onRequest,
      config: { idempotent: true },
      schema: schema("Change a user's plan (null = Free)", z.object({ plan: planSchema.nullable() })),
    },
    async (request) => {
      const { id } = request.params;
      return respond(id, () => changeUserPlan(app.accounts, id, request.body.plan, 'admin', actor(request)));
    },
  );

  typed.post(
    '/api/admin/users/:id/roles',
    {
      onRequest,
      config: { idempotent: true },
      schema: schema("Set a user's roles", z.object({ roles: z.array(userRoleSchema).max(5) })),
    },
    async (request) => {
      const { id } = request.params;
      const data = { roles: request.body.roles, byUserId: request.user.userId };
      return run(request, id, { type: 'SetRoles', data, metadata: commandMetadata(new Date()) });
    },
  );

  typed.post(
    '/api/admin/users/:id/status',
    {
      onRequest,
      config: { idempotent: true },
      schema: schema('Disable or enable a user', z.object({ disabled: z.boolean() })),
    },
    async (request) => {
      const { id } = request.params;
      const metadata = commandMetadata(new Date());
      const command: UserCommand = request.body.disabled
        ? { type: 'DisableUser', data: {}, metadata }
        : { type: 'EnableUser', data: {}, metadata };
      return run(request, id, command);
    },
  );
}

import {
  connectUrlResponseSchema,
  disconnectRequestSchema,
  accountMessages as m,
  messageResponseSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { waitForUsers } from '../../accounts/accounts-context';
import { commandMetadata, executeUserCommand } from '../../accounts/user-streams';
import { requireGoogle } from '../auth/google-login';

/**
 * /api/manage-connection/*: GET google answers (as text/plain) the URL to send the browser to for connecting Google (state
 * `connect.…`, bound to the signed-in user; the round trip ends at /api/auth/oauth-callback). POST disconnect
 * { providerType } removes Google: 200 'Disconnected successfully'; 400 'Something went wrong. Provider not found.';
 * 409 when it is the only way to sign in (create a password first through forgot-password).
 */
export default async function manageConnectionFeature(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/manage-connection/google',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'URL that connects a Google account',
        response: { 200: connectUrlResponseSchema },
      },
    },
    async (request, reply) => {
      const url = await requireGoogle(app.accounts.google).authorizationUrl(
        request,
        reply,
        'connect',
        request.user.userId,
      );
      return reply.type('text/plain; charset=utf-8').send(url);
    },
  );

  typed.post(
    '/api/manage-connection/disconnect',
    {
      onRequest: [app.authenticate],
      config: { idempotent: true },
      schema: {
        tags: ['users'],
        summary: 'Disconnect a sign-in provider',
        body: disconnectRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { userId } = request.user;
      const result = await executeUserCommand(
        app.eventStore,
        userId,
        {
          type: 'DisconnectProvider',
          data: { provider: request.body.providerType },
          metadata: commandMetadata(new Date()),
        },
        { actorUserId: userId, correlationId: request.id },
      );
      await waitForUsers(app.accounts, result.position);
      return { message: m.disconnected };
    },
  );
}

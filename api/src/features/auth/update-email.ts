import {
  accountMessages as m,
  messageResponseSchema,
  tokenQuerySchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendEmailChangedNotice } from '../../accounts/account-mail';
import { waitForUsers } from '../../accounts/accounts-context';
import { consumeToken, restoreToken } from '../../accounts/one-time-tokens';
import {
  commandMetadata,
  executeUserCommand,
  loadUser,
  releaseEmail,
  reserveEmail,
} from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * GET /api/auth/update-email?token=: completes an e-mail change. Reserves the new address, records the change, then
 * releases the old address and tells it what happened. 404 unknown or used link, 410 expired, 409 if someone took
 * the address in the meantime. The client refreshes its session afterwards (the token's `sub` changes).
 */
export const updateEmailRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/update-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm a new e-mail address from the e-mailed link',
        querystring: tokenQuerySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const context = app.accounts;
      const { eventStore } = context;
      const { token } = request.query;
      if (!token) throw new HttpError(404, m.updateEmailTokenNotFound);
      const now = new Date();
      const lookup = await consumeToken(context.pool, token, 'change_email', now);
      if (lookup.status === 'expired') throw new HttpError(410, m.updateEmailTokenExpired);
      if (lookup.status !== 'valid') throw new HttpError(404, m.updateEmailTokenNotFound);
      const { userId, email: newEmail } = lookup;
      const user = await loadUser(eventStore, userId);
      if (user.status !== 'registered') throw new HttpError(404, m.updateEmailTokenNotFound);
      const actor = { actorUserId: userId, correlationId: request.id };

      if (!(await reserveEmail(eventStore, { email: newEmail, userId, now }, actor))) {
        throw new HttpError(409, m.emailInUse);
      }
      let result: Awaited<ReturnType<typeof executeUserCommand>>;
      try {
        result = await executeUserCommand(
          eventStore,
          userId,
          { type: 'ChangeEmail', data: { newEmail }, metadata: commandMetadata(now) },
          actor,
        );
      } catch (error) {
        await releaseEmail(eventStore, { email: newEmail, userId, now }, actor);
        await restoreToken(context.pool, token);
        throw error;
      }
      if (result.state.status === 'registered' && result.appended.length > 0) {
        await releaseEmail(eventStore, { email: user.email, userId, now }, actor);
        await sendEmailChangedNotice(context, result.state, user.email);
      }
      await waitForUsers(context, result.position);
      return { message: m.emailUpdated };
    },
  );
};

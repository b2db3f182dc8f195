import {
  accountMessages as m,
  messageResponseSchema,
  tokenQuerySchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { waitForUsers } from '../../accounts/accounts-context';
import { consumeToken } from '../../accounts/one-time-tokens';
import { commandMetadata, executeUserCommand, loadUser } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/** GET /api/auth/confirm?token=: 200 'Account confirmed'; 404 unknown link; 409 already confirmed; 410 expired. */
export const confirmRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an account from the e-mailed link',
        querystring: tokenQuerySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const context = app.accounts;
      const { token } = request.query;
      if (!token) throw new HttpError(404, m.confirmTokenNotFound);
      const now = new Date();
      const lookup = await consumeToken(context.pool, token, 'confirm_email', now);
      if (lookup.status === 'not_found') throw new HttpError(404, m.confirmTokenNotFound);
      if (lookup.status === 'expired') {
        const user = await loadUser(context.eventStore, lookup.userId);
        if (user.status === 'registered' && user.emailConfirmed)
          throw new HttpError(409, m.confirmAlreadyDone);
        throw new HttpError(410, m.confirmTokenExpired);
      }
      // A link used twice lands here too: the decider answers 409 'Email already confirmed.'
      const result = await executeUserCommand(
        context.eventStore,
        lookup.userId,
        { type: 'ConfirmEmail', data: { email: lookup.email }, metadata: commandMetadata(now) },
        { actorUserId: lookup.userId, correlationId: request.id },
      );
      await waitForUsers(context, result.position);
      return { message: m.confirmed };
    },
  );
};

import {
  accountMessages as m,
  messageResponseSchema,
  tokenQuerySchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consumeToken, voidTokens } from '../../accounts/one-time-tokens';
import { revokeAllForUser } from '../../accounts/refresh-tokens';
import { loadUser } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * GET /api/auth/cancel-email-change?token=: the link sent to the CURRENT address when a change is requested. Voids
 * the pending change's link and ends every sign-in of the account (whoever asked may hold its password: the answer
 * says to reset it). 404 unknown or used link, 410 expired, 409 when the change was already confirmed.
 */
export const cancelEmailChangeRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth/cancel-email-change',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cancel a pending e-mail change from the link sent to the current address',
        querystring: tokenQuerySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const context = app.accounts;
      const { token } = request.query;
      if (!token) throw new HttpError(404, m.cancelEmailChangeTokenNotFound);
      const now = new Date();
      const lookup = await consumeToken(context.pool, token, 'cancel_email_change', now);
      if (lookup.status === 'expired') throw new HttpError(410, m.cancelEmailChangeTokenExpired);
      if (lookup.status !== 'valid') throw new HttpError(404, m.cancelEmailChangeTokenNotFound);
      const user = await loadUser(context.eventStore, lookup.userId);
      if (user.status !== 'registered') throw new HttpError(404, m.cancelEmailChangeTokenNotFound);
      if (user.email !== lookup.email) throw new HttpError(409, m.emailChangeAlreadyConfirmed);
      await voidTokens(context.pool, user.userId, ['change_email'], now);
      await revokeAllForUser(context.pool, user.userId, now);
      request.log.warn({ userId: user.userId }, 'e-mail change cancelled from the current address');
      return { message: m.emailChangeCancelled };
    },
  );
};

import {
  accountMessages as m,
  messageResponseSchema,
  resetPasswordRequestSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { waitForUsers } from '../../accounts/accounts-context';
import { consumeToken, restoreToken, voidTokens } from '../../accounts/one-time-tokens';
import { deletePasswordHash, getPasswordHash, setPasswordHash } from '../../accounts/password-store';
import { hashPassword } from '../../accounts/passwords';
import { revokeAllForUser } from '../../accounts/refresh-tokens';
import { commandMetadata, executeUserCommand, loadUser } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * POST /api/auth/reset-password { token, password }: sets (or, for a Google-only account, creates) the password.
 * 404 unknown, used or superseded link; 410 expired. Every existing sign-in of the user ends, and pending
 * e-mail-change links are void.
 */
export const resetPasswordRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from the e-mailed link',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const context = app.accounts;
      const { token, password } = request.body;
      const now = new Date();
      const lookup = await consumeToken(context.pool, token, 'reset_password', now);
      if (lookup.status === 'expired') throw new HttpError(410, m.resetTokenExpired);
      if (lookup.status !== 'valid') throw new HttpError(404, m.resetTokenNotFound);
      const { userId } = lookup;
      const user = await loadUser(context.eventStore, userId);
      // A link sent to an address the account no longer has is void.
      if (user.status !== 'registered' || user.email !== lookup.email)
        throw new HttpError(404, m.resetTokenNotFound);

      const previousHash = await getPasswordHash(context.pool, userId);
      await setPasswordHash(context.pool, userId, await hashPassword(password));
      try {
        const result = await executeUserCommand(
          context.eventStore,
          userId,
          { type: 'SetPassword', data: {}, metadata: commandMetadata(now) },
          { actorUserId: userId, correlationId: request.id },
        );
        await revokeAllForUser(context.pool, userId, now);
        await voidTokens(context.pool, userId, ['change_email', 'cancel_email_change'], now);
        await waitForUsers(context, result.position);
      } catch (error) {
        // The change was refused (e.g. a disabled account): put the old password and the link back.
        if (previousHash) await setPasswordHash(context.pool, userId, previousHash);
        else await deletePasswordHash(context.pool, userId);
        await restoreToken(context.pool, token);
        throw error;
      }
      return { message: m.passwordReset };
    },
  );
};

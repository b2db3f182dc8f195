import {
  changePasswordRequestSchema,
  isValidPassword,
  accountMessages as m,
  messageResponseSchema,
  validationMessages,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { waitForUsers } from '../../accounts/accounts-context';
import { voidTokens } from '../../accounts/one-time-tokens';
import { getPasswordHash, setPasswordHash } from '../../accounts/password-store';
import { hashPassword, verifyPassword } from '../../accounts/passwords';
import { revokeAllForUser } from '../../accounts/refresh-tokens';
import { commandMetadata, executeUserCommand } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * PATCH /api/users/change-password: 202 'Password changed successfully!', and every other sign-in ends. 422 confirmation differs, 400 new password
 * breaks the rules, 400 'Incorrect current password.', 409 new equals current. The hash changes first and is put
 * back if the change cannot be recorded. A change ends every other sign-in and voids pending e-mail-change links.
 */
export const changePasswordRoute = (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/users/change-password',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Change the password',
        body: changePasswordRequestSchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword, confirmationPassword } = request.body;
      const { userId } = request.user;
      const context = app.accounts;
      if (newPassword !== confirmationPassword) throw new HttpError(422, m.passwordsDoNotMatch);
      if (!isValidPassword(newPassword)) throw new HttpError(400, validationMessages.passwordHint);
      const currentHash = await getPasswordHash(context.pool, userId);
      const currentPasswordVerified = currentHash
        ? await verifyPassword(currentHash, currentPassword)
        : false;
      const differsFromCurrent = newPassword !== currentPassword;
      const now = new Date();
      const command = {
        type: 'ChangePassword' as const,
        data: { currentPasswordVerified, differsFromCurrent },
        metadata: commandMetadata(now),
      };
      if (currentPasswordVerified && differsFromCurrent && currentHash) {
        await setPasswordHash(context.pool, userId, await hashPassword(newPassword));
      }
      try {
        const result = await executeUserCommand(context.eventStore, userId, command, {
          actorUserId: userId,
          correlationId: request.id,
        });
        await waitForUsers(context, result.position);
        if (result.appended.length > 0) {
          // Every other sign-in ends (a thief who knew the old password is out) while this one stays, and no
          // pending e-mail-change link survives the new password.
          await revokeAllForUser(context.pool, userId, now, { keep: request.user.sessionId });
          await voidTokens(context.pool, userId, ['change_email', 'cancel_email_change'], now);
        }
      } catch (error) {
        if (currentHash) await setPasswordHash(context.pool, userId, currentHash);
        throw error;
      }
      return reply.status(202).send({ message: m.passwordChanged });
    },
  );
};

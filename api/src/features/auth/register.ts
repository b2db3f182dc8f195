import {
  accountMessages as m,
  messageResponseSchema,
  registerRequestSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendConfirmationMail } from '../../accounts/account-mail';
import { waitForUsers } from '../../accounts/accounts-context';
import { createAccount } from '../../accounts/create-account';
import { setPasswordHash } from '../../accounts/password-store';
import { hashPassword } from '../../accounts/passwords';
import { loadUser } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * POST /api/auth/register: 201 and a confirmation e-mail. 409 when the address is taken; 400 when it belongs to an
 * account that is not confirmed yet (its password becomes this registration's, and the confirmation e-mail is sent
 * again).
 */
export const registerRoute = (app: FastifyInstance, limit: preHandlerAsyncHookHandler) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/register',
    {
      preHandler: limit,
      schema: {
        tags: ['auth'],
        summary: 'Create an account (e-mail and password)',
        body: registerRequestSchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const { firstName, lastName, email, password, hostname } = request.body;
      const context = app.accounts;
      const now = new Date();
      const passwordHash = await hashPassword(password);
      const result = await createAccount(context, { email, firstName, lastName, passwordHash }, now, {
        correlationId: request.id,
      });
      if (result.status === 'taken') {
        const owner = result.ownerId ? await loadUser(context.eventStore, result.ownerId) : undefined;
        if (owner?.status === 'registered' && !owner.emailConfirmed && !owner.disabled) {
          // Pre-hijacking: whoever registered first may not own the address. The account cannot be used before the
          // address is confirmed, so the latest registrant's password replaces the earlier one: only the person
          // who can read the confirmation e-mail ends up with an account whose password they know.
          await setPasswordHash(context.pool, owner.userId, passwordHash);
          await sendConfirmationMail(context, owner, hostname, now);
          throw new HttpError(400, m.emailUnconfirmed);
        }
        throw new HttpError(409, m.emailTaken);
      }
      await waitForUsers(context, result.position);
      await sendConfirmationMail(context, result.user, hostname, now);
      return reply.status(201).send({ message: m.registered });
    },
  );
};

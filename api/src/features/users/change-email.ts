import {
  changeEmailRequestSchema,
  isValidEmail,
  accountMessages as m,
  messageResponseSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendEmailChangeMail } from '../../accounts/account-mail';
import { waitForUsers } from '../../accounts/accounts-context';
import { getPasswordHash } from '../../accounts/password-store';
import { verifyPassword } from '../../accounts/passwords';
import { commandMetadata, executeUserCommand, findUserIdByEmail } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * PATCH /api/users/change-email { newEmail, currentPassword, hostname }: records the request, e-mails a link to the
 * new address and tells the current one, with a link that cancels the change (GET /api/auth/cancel-email-change);
 * the change happens when the link is followed (GET /api/auth/update-email). 202 on success; 400 'Invalid email
 * format.', 400 without the current password or with a wrong one ('Incorrect current password.'), 401
 * 'Unauthorized. Please log in.', 409 'Email already in use.'.
 */
export const changeEmailRoute = (app: FastifyInstance) => {
  const signedIn = async (request: FastifyRequest) => {
    try {
      await request.jwtVerify();
    } catch {
      throw new HttpError(401, m.changeEmailUnauthorized);
    }
    // Like every guard: an ended sign-in or a disabled account has no access, whatever the token says.
    const current = await app.checkSession(request.user);
    if (!current) throw new HttpError(401, m.changeEmailUnauthorized);
    request.user = current;
  };
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/users/change-email',
    {
      onRequest: [signedIn],
      config: { idempotent: true },
      schema: {
        tags: ['users'],
        summary: 'Ask to change the e-mail address (a link goes to the new one)',
        security: [{ bearerAuth: [] }],
        body: changeEmailRequestSchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const { newEmail, hostname, currentPassword } = request.body;
      const { userId } = request.user;
      const context = app.accounts;
      if (!isValidEmail(newEmail)) throw new HttpError(400, m.invalidEmailFormat);
      // A session alone (a stolen token, an unlocked laptop) must not move the account to another address.
      if (!currentPassword) throw new HttpError(400, m.changeEmailPasswordRequired);
      const hash = await getPasswordHash(context.pool, userId);
      if (!hash) throw new HttpError(400, m.changeEmailNoPassword);
      if (!(await verifyPassword(hash, currentPassword)))
        throw new HttpError(400, m.incorrectCurrentPassword);
      if (await findUserIdByEmail(context.eventStore, newEmail)) throw new HttpError(409, m.emailInUse);
      const now = new Date();
      const result = await executeUserCommand(
        context.eventStore,
        userId,
        { type: 'RequestEmailChange', data: { newEmail }, metadata: commandMetadata(now) },
        { actorUserId: userId, correlationId: request.id },
      );
      if (result.state.status !== 'registered') throw new HttpError(404, m.userNotFound);
      await waitForUsers(context, result.position);
      await sendEmailChangeMail(context, result.state, newEmail, hostname, now);
      return reply.status(202).send({ message: m.changeEmailSent });
    },
  );
};

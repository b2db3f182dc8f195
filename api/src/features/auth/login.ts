import {
  accessTokenResponseSchema,
  loginRequestSchema,
  accountMessages as m,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getPasswordHash } from '../../accounts/password-store';
import { verifyNothing, verifyPassword } from '../../accounts/passwords';
import { startSession } from '../../accounts/session';
import { findUserIdByEmail, loadUser } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * POST /api/auth/login: 200 { access_token } and the refresh cookie (30 days with `persist: true`, else a session
 * cookie). 400 'Username or Password Invalid' (unknown e-mail, wrong password, no password), 400 'User is disabled'
 * and 401 for an unconfirmed address, both only after the password matched, so they reveal nothing to a guesser.
 */
export const loginRoute = (app: FastifyInstance, limit: preHandlerAsyncHookHandler) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/login',
    {
      preHandler: limit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: accessTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, persist = false } = request.body;
      const context = app.accounts;
      const userId = await findUserIdByEmail(context.eventStore, email);
      const user = userId ? await loadUser(context.eventStore, userId) : undefined;
      const hash = userId ? await getPasswordHash(context.pool, userId) : null;
      const valid =
        user?.status === 'registered' && hash
          ? await verifyPassword(hash, password)
          : await verifyNothing(password);
      if (!valid || user?.status !== 'registered') throw new HttpError(400, m.invalidCredentials);
      if (user.disabled) throw new HttpError(400, m.userDisabled);
      if (!user.emailConfirmed) throw new HttpError(401, m.emailNotConfirmed);
      return startSession(context, reply, user, { persist, now: new Date() });
    },
  );
};

import {
  accessTokenResponseSchema,
  loginRequestSchema,
  accountMessages as m,
  tooManyAttemptsMessage,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearLoginFailures, loginWaitMs, recordLoginFailure } from '../../accounts/login-throttle';
import { getPasswordHash } from '../../accounts/password-store';
import { verifyNothing, verifyPassword } from '../../accounts/passwords';
import { startSession } from '../../accounts/session';
import { findUserIdByEmail, loadUser } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';
import { KNOWN_DEVICE_TTL_SECONDS } from '../../plugins/auth';

/**
 * POST /api/auth/login: 200 { access_token } and the refresh cookie (30 days with `persist: true`, else a session
 * cookie). 400 'Username or Password Invalid' (unknown e-mail, wrong password, no password), 400 'User is disabled'
 * and 401 for an unconfirmed address, both only after the password matched, so they reveal nothing to a guesser.
 * Failed attempts slow the account down (login-throttle.ts): 429 with Retry-After while an attempt must wait,
 * except for the per-account count on a browser that signed in to this account before (its known-device cookie).
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
      const now = new Date();
      const source = { email, ip: request.ip };
      const deviceCookie = app.knownDevice.cookieName(email);
      const knownDevice = app.knownDevice.verify(email, request.cookies[deviceCookie], now);
      const waitMs = await loginWaitMs(context.pool, source, { knownDevice, now });
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(429, tooManyAttemptsMessage(seconds), { 'retry-after': String(seconds) });
      }
      const userId = await findUserIdByEmail(context.eventStore, email);
      const user = userId ? await loadUser(context.eventStore, userId) : undefined;
      const hash = userId ? await getPasswordHash(context.pool, userId) : null;
      const valid =
        user?.status === 'registered' && hash
          ? await verifyPassword(hash, password)
          : await verifyNothing(password);
      if (!valid || user?.status !== 'registered') {
        await recordLoginFailure(context.pool, source, now);
        throw new HttpError(400, m.invalidCredentials);
      }
      await clearLoginFailures(context.pool, source);
      if (user.disabled) throw new HttpError(400, m.userDisabled);
      if (!user.emailConfirmed) throw new HttpError(401, m.emailNotConfirmed);
      reply.setCookie(deviceCookie, app.knownDevice.sign(email, now), {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api/auth/login',
        secure: context.secureCookies,
        maxAge: KNOWN_DEVICE_TTL_SECONDS,
      });
      return startSession(context, reply, user, { persist, now });
    },
  );
};

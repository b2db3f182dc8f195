import {
  accessTokenResponseSchema,
  accountMessages as m,
  messageResponseSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { revokeAllForUser, revokeFamilyOf, rotateRefreshToken } from '../../accounts/refresh-tokens';
import { accessClaims, clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../../accounts/session';
import { loadUser } from '../../accounts/user-streams';
import { HttpError } from '../../http/http-error';

/**
 * POST /api/auth/refresh-token: spends the refresh cookie and sets its successor; 200 { access_token } with fresh
 * claims (plan and roles as they are now). 401 without a valid cookie; a reused (already rotated) cookie revokes
 * every token of that sign-in. POST /api/auth/logout: ends the sign-in and clears the cookie (always 200).
 */
export const sessionRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const reject = (reply: FastifyReply): never => {
    clearRefreshCookie(reply, app.accounts.secureCookies);
    throw new HttpError(401, m.unauthorized);
  };

  typed.post(
    '/api/auth/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'New access token from the refresh cookie (rotates it)',
        security: [{ refreshCookie: [] }],
        response: { 200: accessTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const context = app.accounts;
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) return reject(reply);
      const now = new Date();
      const rotation = await rotateRefreshToken(context.pool, token, now, {
        reuseGraceMs: context.config.REFRESH_TOKEN_REUSE_GRACE_MS,
        successorKey: app.derivedKey('refresh-token-successor'),
      });
      if (rotation.status === 'reused') {
        request.log.warn({ userId: rotation.userId }, 'refresh token reused: the whole sign-in was revoked');
      }
      if (rotation.status !== 'rotated') return reject(reply);
      const user = await loadUser(context.eventStore, rotation.next.userId);
      if (user.status !== 'registered' || user.disabled) {
        await revokeAllForUser(context.pool, rotation.next.userId, now);
        return reject(reply);
      }
      setRefreshCookie(reply, rotation.next, context.secureCookies);
      return { access_token: app.signAccessToken(accessClaims(user, rotation.next.familyId)) };
    },
  );

  typed.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out', response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (token) await revokeFamilyOf(app.accounts.pool, token, new Date());
      clearRefreshCookie(reply, app.accounts.secureCookies);
      return { message: m.loggedOut };
    },
  );
};

import type { RegisteredUser } from '@etf-replicator/core/user/index';
import type { FastifyReply } from 'fastify';
import type { AccessTokenClaims } from '../auth/session-user';
import type { AccountsContext } from './accounts-context';
import { createRefreshToken, type IssuedRefreshToken } from './refresh-tokens';

/** The refresh cookie: httpOnly, SameSite=Strict, sent only to /api/auth (login, refresh, logout, callbacks). */
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * Claims as the client decodes them: `plan` is absent on the free plan (spec 1 §3). `sid` names the sign-in, so
 * ending it (sign-out, password change, disabled account) ends this access token too.
 */
export const accessClaims = (user: RegisteredUser, sessionId: string | undefined): AccessTokenClaims => ({
  sub: user.email,
  userId: user.userId,
  ...(user.plan ? { plan: user.plan } : {}),
  roles: user.roles.map((authority) => ({ authority })),
  ...(sessionId ? { sid: sessionId } : {}),
});

/** A persistent ("Trust This Device") token gets a dated cookie; otherwise a session cookie. */
export const setRefreshCookie = (reply: FastifyReply, issued: IssuedRefreshToken, secure: boolean) => {
  reply.setCookie(REFRESH_COOKIE, issued.token, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure,
    ...(issued.persistent ? { expires: issued.expiresAt } : {}),
  });
};

export const clearRefreshCookie = (reply: FastifyReply, secure: boolean) => {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure,
  });
};

/** Signs the user in: a new refresh-token family in the cookie, an access token in the body. */
export const startSession = async (
  context: AccountsContext,
  reply: FastifyReply,
  user: RegisteredUser,
  { persist, now }: { persist: boolean; now: Date },
) => {
  const issued = await createRefreshToken(context.pool, { userId: user.userId, persistent: persist, now });
  setRefreshCookie(reply, issued, context.secureCookies);
  return { access_token: reply.server.signAccessToken(accessClaims(user, issued.familyId)) };
};

import {
  accessTokenResponseSchema,
  accountMessages as m,
  signInProvidersSchema,
} from '@etf-replicator/core/contracts/accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { waitForUsers } from '../../accounts/accounts-context';
import { connectGoogle, signInWithGoogle } from '../../accounts/google/google-accounts';
import type { GoogleProfile } from '../../accounts/google/google-endpoints';
import type { GoogleSignIn } from '../../accounts/google/google-sign-in';
import { consumeOAuthState } from '../../accounts/oauth-states';
import { sessionIdOf } from '../../accounts/refresh-tokens';
import { accessClaims, REFRESH_COOKIE, startSession } from '../../accounts/session';
import { HttpError } from '../../http/http-error';

export const requireGoogle = (google: GoogleSignIn | undefined): GoogleSignIn => {
  if (!google) throw new HttpError(503, m.googleNotConfigured);
  return google;
};

const startQuery = z.object({
  /** "Trust This Device" as ticked on the login page: a persistent refresh cookie after the round trip. */
  persist: z.enum(['true', 'false']).optional(),
});

const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
});

/**
 * GET /api/auth/google[?persist=true]: redirects to Google (state `login.…`, remembering Trust This Device); 503 'Google sign-in is not configured' without
 * credentials. GET /api/auth/oauth-callback?code=&state=: the web page Google returned to passes both on; a login
 * answers { access_token } and sets the refresh cookie, a connect (state `connect.…`) answers { access_token } for
 * the connecting user. 400 with the spec's messages for conflicts, a disabled user, or a failed round trip.
 */
export const googleLoginRoutes = (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Issue 15: the client hides or disables its Google buttons with an explanation instead of a raw 503 page.
  typed.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in providers this server offers',
        response: { 200: signInProvidersSchema },
      },
    },
    async () => ({ google: app.accounts.google !== undefined }),
  );

  typed.get(
    '/api/auth/google',
    { schema: { tags: ['auth'], summary: 'Start Google sign-in (redirect)', querystring: startQuery } },
    async (request, reply) => {
      const url = await requireGoogle(app.accounts.google).authorizationUrl(request, reply, 'login', null, {
        persist: request.query.persist === 'true',
      });
      return reply.redirect(url);
    },
  );

  typed.get(
    '/api/auth/oauth-callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish Google sign-in or connect',
        querystring: callbackQuery,
        response: { 200: accessTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const context = app.accounts;
      const google = requireGoogle(context.google);
      const { code, state } = request.query;
      if (!code || !state) throw new HttpError(400, m.oauthFailed);
      const now = new Date();
      const purpose = await consumeOAuthState(context.pool, state, now);
      if (!purpose) throw new HttpError(400, m.oauthFailed);
      let profile: GoogleProfile;
      try {
        profile = await google.profileFromCallback(request, reply);
      } catch (error) {
        request.log.info({ err: error }, 'Google round trip failed');
        throw new HttpError(400, m.oauthFailed);
      }
      const actor = { correlationId: request.id };
      if (purpose.purpose === 'connect' && purpose.userId) {
        const { user, position } = await connectGoogle(context, purpose.userId, profile, now, {
          ...actor,
          actorUserId: purpose.userId,
        });
        await waitForUsers(context, position);
        const refresh = request.cookies[REFRESH_COOKIE];
        const sessionId = refresh ? await sessionIdOf(context.pool, refresh, now) : null;
        if (sessionId) return { access_token: app.signAccessToken(accessClaims(user, sessionId)) };
        // No live sign-in cookie came back (expired, or cleared): a token without a session could never be revoked
        // by signing out, so the connect opens a session of its own, as a sign-in does (not remembered).
        return startSession(context, reply, user, { persist: false, now });
      }
      const { user, position } = await signInWithGoogle(context, profile, now, actor);
      await waitForUsers(context, position);
      return startSession(context, reply, user, { persist: purpose.persist, now });
    },
  );
};

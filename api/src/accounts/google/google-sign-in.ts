import oauthPlugin, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import { createOAuthState, type OAuthPurpose } from '../oauth-states';
import { fetchGoogleProfile, type GoogleProfile, type OAuthEndpoints } from './google-endpoints';

/** Where Google sends the browser back: the web client's login page, which calls /api/auth/oauth-callback. */
export const GOOGLE_REDIRECT_PATH = '/login';
const STATE_COOKIE = 'oauth2-redirect-state';

export type GoogleSignIn = {
  /** The provider URL to send the browser to; sets the state and PKCE cookies on `reply`. */
  authorizationUrl(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: OAuthPurpose,
    userId: string | null,
    options?: { persist?: boolean },
  ): Promise<string>;
  /** Checks the state cookie, redeems the code (with PKCE) and reads the user's profile. */
  profileFromCallback(request: FastifyRequest, reply: FastifyReply): Promise<GoogleProfile>;
};

/**
 * Google sign-in through the real @fastify/oauth2 plugin (authorization code + PKCE S256). The state is
 * `{login|connect}.{random}`, remembered server-side (what it is for, for whom) and bound to the browser by a cookie.
 * @see https://github.com/fastify/fastify-oauth2
 */
export const registerGoogleSignIn = async (
  app: FastifyInstance,
  {
    clientId,
    clientSecret,
    endpoints,
    publicAppUrl,
    pool,
    secureCookies,
  }: {
    clientId: string;
    clientSecret: string;
    endpoints: OAuthEndpoints;
    publicAppUrl: string;
    pool: DatabasePool;
    secureCookies: boolean;
  },
): Promise<GoogleSignIn> => {
  type Pending = { purpose: OAuthPurpose; userId: string | null; persist: boolean };
  const pending = new WeakMap<FastifyRequest, Pending>();
  const plainLogin: Pending = { purpose: 'login', userId: null, persist: false };
  const { userinfoUrl, ...auth } = endpoints;
  await app.register(oauthPlugin, {
    name: 'googleOAuth2',
    scope: ['openid', 'email', 'profile'],
    credentials: { client: { id: clientId, secret: clientSecret }, auth },
    callbackUri: `${publicAppUrl}${GOOGLE_REDIRECT_PATH}`,
    pkce: 'S256',
    redirectStateCookieName: STATE_COOKIE,
    // Path '/': the flow starts under /api/auth or /api/manage-connection and ends at /api/auth/oauth-callback.
    cookie: { path: '/', sameSite: 'lax', httpOnly: true, secure: secureCookies },
    generateStateFunction: async (request: FastifyRequest) => {
      return createOAuthState(pool, { ...(pending.get(request) ?? plainLogin), now: new Date() });
    },
    checkStateFunction: async (request: FastifyRequest) => {
      const state = (request.query as { state?: unknown }).state;
      return typeof state === 'string' && state.length > 0 && state === request.cookies[STATE_COOKIE];
    },
  });
  const oauth = (app as unknown as { googleOAuth2: OAuth2Namespace }).googleOAuth2;
  return {
    authorizationUrl: (request, reply, purpose, userId, { persist = false } = {}) => {
      pending.set(request, { purpose, userId, persist });
      return oauth.generateAuthorizationUri(request, reply);
    },
    profileFromCallback: async (request, reply) => {
      const { token } = await oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      return fetchGoogleProfile(userinfoUrl, token.access_token);
    },
  };
};

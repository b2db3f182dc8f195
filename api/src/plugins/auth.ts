import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionCheck } from '../auth/session-check';
import {
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  type SessionUser,
  sessionUserFromClaims,
} from '../auth/session-user';
import { bearerToken, createVerifiedTokens } from '../auth/verified-tokens';
import { forbidden, unauthorized } from '../http/http-error';

export const ACCESS_TOKEN_TTL = '15m';
/** How long a browser counts as one that signed in to an account before. */
export const KNOWN_DEVICE_TTL_SECONDS = 180 * 24 * 3600;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: SessionUser;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard: a valid bearer access token, else 401. Sets `request.user`. */
    authenticate: Guard;
    /** onRequest guard: authenticated and holding one of the roles, else 401/403. */
    requireRole: (...roles: string[]) => Guard;
    /** onRequest hook: sets `request.user` when a valid token is present, never rejects. */
    identify: Guard;
    signAccessToken: (claims: AccessTokenClaims) => string;
    /**
     * The user of a verified access token as they stand now: undefined once the sign-in ended or the account was
     * disabled; roles they lost are dropped. Cached per sign-in for a couple of seconds.
     */
    checkSession: (user: SessionUser) => Promise<SessionUser | undefined>;
    /** A key for one purpose, derived from the signing secret (HMAC). */
    derivedKey: (purpose: string) => Buffer;
    /** "This browser signed in to this account before": a signed cookie the login throttle trusts. */
    knownDevice: {
      readonly cookieName: (email: string) => string;
      readonly sign: (email: string, now: Date) => string;
      readonly verify: (email: string, value: string | undefined, now: Date) => boolean;
    };
    /**
     * Capability URLs for things an <img> must load without a bearer header (feedback screenshots): the path plus
     * `expires` and an HMAC `signature`, valid for `ttlSeconds`.
     */
    signedUrls: {
      readonly sign: (path: string, ttlSeconds: number, now: Date) => string;
      readonly verify: (path: string, expires: string, signature: string, now: Date) => boolean;
    };
  }
}

/**
 * Access tokens: HS256 JWTs (15 minutes) carrying `sub` (e-mail), `userId`, `plan` and `roles: [{ authority }]`.
 * Only HS256 is accepted, so `alg: none` and tokens signed with another key or algorithm are rejected.
 * A valid signature is not enough: every guard also checks the sign-in (`sid`) and the account as they stand now,
 * so sign-out, a password change, a disabled account or a removed role end access within seconds.
 * @see https://github.com/fastify/fastify-jwt
 */
export default fp(
  async (app: FastifyInstance, { secret, checkSession }: { secret: string; checkSession: SessionCheck }) => {
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL },
      verify: { algorithms: ['HS256'] },
      formatUser: (payload) => sessionUserFromClaims(accessTokenClaimsSchema.parse(payload)),
    });

    app.decorate('checkSession', checkSession);

    const verifiedTokens = createVerifiedTokens<SessionUser>();
    /** The token's user: from verifiedTokens when this process verified the same token before, else verified now. */
    const verifyToken = async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const known = token === undefined ? undefined : verifiedTokens.get(token);
      if (known) {
        request.user = known;
        return;
      }
      await request.jwtVerify();
      if (token !== undefined)
        verifiedTokens.remember(token, request.user, app.jwt.decode<{ exp?: unknown }>(token)?.exp);
    };

    const verify = async (request: FastifyRequest) => {
      try {
        await verifyToken(request);
      } catch {
        return false;
      }
      const current = await checkSession(request.user);
      if (!current) return false;
      request.user = current;
      return true;
    };

    /** Guards that demand a token; routes using one are documented as needing the bearer scheme. */
    const requiring = new WeakSet<object>();
    const requiresToken = (guard: Guard): Guard => {
      requiring.add(guard);
      return guard;
    };
    app.decorate(
      'authenticate',
      requiresToken(async (request: FastifyRequest) => {
        if (!(await verify(request))) throw unauthorized();
      }),
    );
    app.decorate(
      'requireRole',
      (...roles: string[]): Guard =>
        requiresToken(async (request) => {
          if (!(await verify(request))) throw unauthorized();
          if (!request.user.roles.some((role) => roles.includes(role))) throw forbidden();
        }),
    );
    // The OpenAPI document declares security on every route behind one of these guards (and optional bearer
    // auth on routes that identify the caller when a token is sent).
    app.addHook('onRoute', (route) => {
      const hooks = [route.onRequest, route.preHandler].flat().filter((hook) => hook !== undefined);
      const guarded = hooks.some((hook) => requiring.has(hook));
      const identifies = hooks.some((hook) => hook === app.identify);
      if (!guarded && !identifies) return;
      const schema: FastifySchema & { security?: unknown } = route.schema ?? {};
      if (schema.security === undefined) {
        schema.security = guarded ? [{ bearerAuth: [] }] : [{}, { bearerAuth: [] }];
        route.schema = schema;
      }
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      if (request.headers.authorization && !(await verify(request))) {
        (request as { user?: SessionUser }).user = undefined;
      }
    });
    app.decorate('signAccessToken', (claims: AccessTokenClaims) => app.jwt.sign(claims));

    app.decorate('derivedKey', (purpose: string) => createHmac('sha256', secret).update(purpose).digest());
    const urlKey = createHmac('sha256', secret).update('signed-url').digest();
    const urlMac = (path: string, expires: string) =>
      createHmac('sha256', urlKey).update(`${path}|${expires}`).digest('base64url');
    const sameText = (a: string, b: string) => {
      const left = Buffer.from(a);
      const right = Buffer.from(b);
      return left.length === right.length && timingSafeEqual(left, right);
    };
    app.decorate('signedUrls', {
      sign: (path: string, ttlSeconds: number, now: Date) => {
        const expires = String(Math.floor(now.getTime() / 1000) + ttlSeconds);
        return `${path}?expires=${expires}&signature=${urlMac(path, expires)}`;
      },
      verify: (path: string, expires: string, signature: string, now: Date) =>
        /^\d{1,12}$/.test(expires) &&
        Number(expires) * 1000 > now.getTime() &&
        sameText(signature, urlMac(path, expires)),
    });

    const deviceKey = createHmac('sha256', secret).update('known-device').digest();
    const mac = (email: string, expires: number) =>
      createHmac('sha256', deviceKey).update(`${email}|${expires}`).digest('base64url');
    app.decorate('knownDevice', {
      cookieName: (email: string) =>
        `known_device_${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
      sign: (email: string, now: Date) => {
        const expires = Math.floor(now.getTime() / 1000) + KNOWN_DEVICE_TTL_SECONDS;
        return `${expires}.${mac(email, expires)}`;
      },
      verify: (email: string, value: string | undefined, now: Date) => {
        const [expiresText = '', given = ''] = (value ?? '').split('.');
        const expires = Number(expiresText);
        if (!/^\d{1,12}$/.test(expiresText) || expires * 1000 <= now.getTime()) return false;
        return sameText(given, mac(email, expires));
      },
    });
  },
  { name: 'auth' },
);

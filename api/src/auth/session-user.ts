import { z } from 'zod';

export const ROLE_USER = 'ROLE_USER';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export type Role = typeof ROLE_USER | typeof ROLE_ADMIN;

/** Access-token claims exactly as the web client decodes them (spec 1 §3): roles are `{ authority }` objects. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  userId: z.string(),
  plan: z.string().optional(),
  roles: z.array(z.object({ authority: z.string() })),
  /** The sign-in (refresh-token family) this token belongs to: its revocation ends the token too. */
  sid: z.uuid().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** Who is calling, as routes see it (`request.user`). `plan` is undefined on the free plan. */
export type SessionUser = {
  readonly userId: string;
  readonly email: string;
  readonly plan: string | undefined;
  readonly roles: readonly string[];
  /** The sign-in this access token belongs to (absent only on tokens signed outside a sign-in, e.g. in tests). */
  readonly sessionId: string | undefined;
};

export const sessionUserFromClaims = (claims: AccessTokenClaims): SessionUser => ({
  userId: claims.userId,
  email: claims.sub,
  plan: claims.plan,
  roles: claims.roles.map((role) => role.authority),
  sessionId: claims.sid,
});

export const isAdmin = (user: SessionUser | undefined): boolean => user?.roles.includes(ROLE_ADMIN) ?? false;

/**
 * Access tokens this process has verified (signature, algorithm, expiry) and turned into a user, by their exact
 * text, until they expire: a token's claims cannot change, so a later request with the same token gets the same user
 * without decoding and hashing it again (issue 28: reads — verification was about a sixth of a read's CPU). What can
 * change, the sign-in and the account, is still checked on every request (session-check.ts). Expired tokens are
 * never answered: an entry is valid while `now <= exp`, as fast-jwt checks it, and dropped after.
 */
const MAX_KEPT = 10_000;

export const createVerifiedTokens = <User>({ maxKept = MAX_KEPT }: { maxKept?: number } = {}) => {
  const known = new Map<string, { readonly user: User; readonly expiresAtMs: number }>();
  return {
    /** The user of a token verified before and not expired at `now`; else undefined. */
    get: (token: string, now = Date.now()): User | undefined => {
      const entry = known.get(token);
      if (!entry) return undefined;
      if (now > entry.expiresAtMs) {
        known.delete(token);
        return undefined;
      }
      return entry.user;
    },
    /** Keeps a token that has just been verified, with its `exp` claim (seconds); one without expiry is not kept. */
    remember: (token: string, user: User, exp: unknown): void => {
      if (typeof exp !== 'number' || !Number.isFinite(exp)) return;
      if (known.size >= maxKept) known.clear();
      known.set(token, { user, expiresAtMs: exp * 1000 });
    },
  };
};

/** The token of an `Authorization: Bearer <token>` header (as @fastify/jwt reads it), or undefined. */
export const bearerToken = (authorization: string | undefined): string | undefined => {
  if (!authorization || !/^Bearer\s/i.test(authorization)) return undefined;
  const parts = authorization.split(' ');
  return parts.length === 2 && parts[1] ? parts[1] : undefined;
};

import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { ROLE_USER, type SessionUser } from './session-user';

/**
 * How long one instance trusts what it last read about a sign-in. Every instance reads the shared database, so a
 * sign-out, a password change, a disabled account or a removed role ends access everywhere within this time, not
 * when the 15-minute access token expires.
 */
export const SESSION_CHECK_TTL_MS = 2_000;
const MAX_CACHED = 10_000;

const stateRow = z.object({
  known: z.boolean(),
  disabled: z.boolean(),
  roles: z.array(z.string()).nullable(),
  session_ended: z.boolean(),
});
type SessionState = z.infer<typeof stateRow>;

/**
 * The user as the access token describes them, checked against the sign-in (refresh-token family `sid`: revoked
 * on sign-out, password change, password reset and when the account is disabled) and the users read model
 * (disabled, roles). Returns undefined when access has ended; otherwise the user with only the roles they still
 * hold. A user the read model does not show yet (just registered) keeps the token's claims.
 */
export const createSessionCheck = (db: CommonQueryMethods, { ttlMs = SESSION_CHECK_TTL_MS } = {}) => {
  const cache = new Map<string, { readonly at: number; readonly state: Promise<SessionState> }>();

  const read = (userId: string, sessionId: string | undefined) =>
    db.one(sql.type(stateRow)`
      select exists (select 1 from users where id = ${userId}) as known,
             coalesce((select disabled from users where id = ${userId}), false) as disabled,
             (select roles from users where id = ${userId}) as roles,
             ${
               sessionId === undefined
                 ? sql.fragment`false`
                 : sql.fragment`exists (select 1 from refresh_tokens
                                         where family_id = ${sessionId}::uuid and revoked_at is not null)`
             } as session_ended`);

  const stateOf = (userId: string, sessionId: string | undefined) => {
    const key = `${userId}\u0000${sessionId ?? ''}`;
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && now - cached.at < ttlMs) return cached.state;
    if (cache.size >= MAX_CACHED) cache.clear();
    const state = read(userId, sessionId);
    cache.set(key, { at: now, state });
    state.catch(() => cache.delete(key));
    return state;
  };

  return async (user: SessionUser): Promise<SessionUser | undefined> => {
    const state = await stateOf(user.userId, user.sessionId);
    if (state.session_ended || state.disabled) return undefined;
    if (!state.known || !state.roles) return user;
    const held = state.roles;
    const roles = user.roles.filter((role) => role === ROLE_USER || held.includes(role));
    return roles.length === user.roles.length ? user : { ...user, roles };
  };
};
export type SessionCheck = ReturnType<typeof createSessionCheck>;

import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { randomToken, sha256Hex } from './crypto';

export type OAuthPurpose = 'login' | 'connect';
const STATE_TTL_MS = 10 * 60_000;

/**
 * The OAuth2 `state` of a Google round trip: `{purpose}.{random}` (the client reads the prefix, spec 1 §4). What it
 * is for, and for whom when connecting, is kept server-side under its hash, valid 10 minutes, usable once.
 */
export const createOAuthState = async (
  db: CommonQueryMethods,
  {
    purpose,
    userId,
    persist,
    now,
  }: { purpose: OAuthPurpose; userId: string | null; persist: boolean; now: Date },
): Promise<string> => {
  const state = `${purpose}.${randomToken()}`;
  await db.query(sql.unsafe`
    insert into oauth_states (state_hash, purpose, user_id, persist, expires_at)
    values (${sha256Hex(state)}, ${purpose}, ${userId}, ${persist},
            ${new Date(now.getTime() + STATE_TTL_MS).toISOString()})`);
  return state;
};

const row = z.object({
  purpose: z.enum(['login', 'connect']),
  user_id: z.string().nullable(),
  persist: z.boolean(),
});

export const consumeOAuthState = async (
  db: CommonQueryMethods,
  state: string,
  now: Date,
): Promise<{ purpose: OAuthPurpose; userId: string | null; persist: boolean } | null> => {
  const found = await db.maybeOne(sql.type(row)`
    update oauth_states set used_at = ${now.toISOString()}
     where state_hash = ${sha256Hex(state)} and used_at is null and expires_at > ${now.toISOString()}
    returning purpose, user_id, persist`);
  return found ? { purpose: found.purpose, userId: found.user_id, persist: found.persist } : null;
};

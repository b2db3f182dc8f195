import { createHmac, randomUUID } from 'node:crypto';
import { type DatabasePool, sql } from 'slonik';
import { z } from 'zod';
import { randomToken, sha256Hex } from './crypto';

/** "Trust This Device": 30 days. Otherwise a browser-session cookie, which the server honours for 1 day. */
export const PERSISTENT_REFRESH_TTL_MS = 30 * 24 * 3600_000;
export const SESSION_REFRESH_TTL_MS = 24 * 3600_000;

export type IssuedRefreshToken = {
  readonly token: string;
  readonly userId: string;
  /** The sign-in this token belongs to; access tokens carry it as `sid`. */
  readonly familyId: string;
  readonly persistent: boolean;
  readonly expiresAt: Date;
};

const ttl = (persistent: boolean) => (persistent ? PERSISTENT_REFRESH_TTL_MS : SESSION_REFRESH_TTL_MS);

const insert = async (
  db: Pick<DatabasePool, 'query'>,
  {
    userId,
    persistent,
    familyId,
    now,
    token = randomToken(),
  }: { userId: string; persistent: boolean; familyId: string; now: Date; token?: string },
): Promise<IssuedRefreshToken> => {
  const expiresAt = new Date(now.getTime() + ttl(persistent));
  await db.query(sql.unsafe`
    insert into refresh_tokens (token_hash, family_id, user_id, persistent, created_at, expires_at)
    values (${sha256Hex(token)}, ${familyId}, ${userId}, ${persistent}, ${now.toISOString()}, ${expiresAt.toISOString()})
    on conflict (token_hash) do nothing`);
  return { token, userId, familyId, persistent, expiresAt };
};

/** A new sign-in: a new token family. */
export const createRefreshToken = (
  pool: DatabasePool,
  { userId, persistent, now }: { userId: string; persistent: boolean; now: Date },
) => insert(pool, { userId, persistent, familyId: randomUUID(), now });

export type RotationResult =
  | { readonly status: 'rotated'; readonly next: IssuedRefreshToken }
  | { readonly status: 'invalid' }
  /** An already-rotated token came back: it leaked. Its whole family is now revoked. */
  | { readonly status: 'reused'; readonly userId: string };

const tokenRow = z.object({
  family_id: z.string(),
  user_id: z.string(),
  persistent: z.boolean(),
  used: z.boolean(),
  used_recently: z.boolean(),
  revoked: z.boolean(),
  expired: z.boolean(),
});

/**
 * A spent token presented again within this window counts as the same client racing itself (two tabs, a reload
 * while the previous refresh was in flight, whose answer the browser dropped), not as theft: it gets the very
 * successor the first presentation got, so five replays still leave one live token. Later reuse revokes the family.
 */
export const DEFAULT_REUSE_GRACE_MS = 10_000;

/**
 * A token's successor is derived from it with a server key: every presentation of one token yields the same
 * successor, without storing any token in plain text. Only the server can derive it.
 */
const successorOf = (key: Buffer, token: string) =>
  createHmac('sha256', key).update(token).digest('base64url');

const liveRow = z.object({ used: z.boolean(), revoked: z.boolean(), expires_at: z.date() });

/**
 * Spends a refresh token and issues its successor in the same family, in one transaction. Reuse of a spent token
 * revokes the family (OAuth 2.0 Security BCP §4.14: refresh token rotation with reuse detection); within the grace
 * window it answers the live successor in the chain instead.
 */
export const rotateRefreshToken = (
  pool: DatabasePool,
  token: string,
  now: Date,
  { reuseGraceMs = DEFAULT_REUSE_GRACE_MS, successorKey }: { reuseGraceMs?: number; successorKey: Buffer },
): Promise<RotationResult> =>
  pool.transaction(async (tx) => {
    const graceStart = new Date(now.getTime() - reuseGraceMs).toISOString();
    const found = await tx.maybeOne(sql.type(tokenRow)`
      select family_id, user_id, persistent, used_at is not null as used,
             coalesce(used_at > ${graceStart}, false) as used_recently, revoked_at is not null as revoked,
             expires_at <= ${now.toISOString()} as expired
        from refresh_tokens where token_hash = ${sha256Hex(token)} for update`);
    if (!found || found.revoked) return { status: 'invalid' } as const;
    const family = { userId: found.user_id, persistent: found.persistent, familyId: found.family_id, now };
    if (found.used && found.used_recently && !found.expired) {
      // Follow the chain to the successor still unspent (the racing client may have rotated it already).
      let successor = successorOf(successorKey, token);
      for (let step = 0; step < 8; step++) {
        const row = await tx.maybeOne(sql.type(liveRow)`
          select used_at is not null as used, revoked_at is not null as revoked, expires_at
            from refresh_tokens where token_hash = ${sha256Hex(successor)}`);
        if (!row)
          return { status: 'rotated', next: await insert(tx, { ...family, token: successor }) } as const;
        if (row.revoked) return { status: 'invalid' } as const;
        if (!row.used) {
          const next = { token: successor, ...family, expiresAt: row.expires_at };
          return { status: 'rotated', next } as const;
        }
        successor = successorOf(successorKey, successor);
      }
      return { status: 'invalid' } as const;
    }
    if (found.used) {
      await revokeFamily(tx, found.family_id, now);
      return { status: 'reused', userId: found.user_id } as const;
    }
    if (found.expired) return { status: 'invalid' } as const;
    await tx.query(sql.unsafe`
      update refresh_tokens set used_at = ${now.toISOString()} where token_hash = ${sha256Hex(token)}`);
    const next = await insert(tx, { ...family, token: successorOf(successorKey, token) });
    return { status: 'rotated', next } as const;
  });

const revokeFamily = async (db: Pick<DatabasePool, 'query'>, familyId: string, now: Date) => {
  await db.query(sql.unsafe`
    update refresh_tokens set revoked_at = ${now.toISOString()} where family_id = ${familyId} and revoked_at is null`);
};

/** Logout: ends the sign-in the token belongs to. */
export const revokeFamilyOf = async (pool: DatabasePool, token: string, now: Date) => {
  await pool.query(sql.unsafe`
    update refresh_tokens set revoked_at = ${now.toISOString()}
     where revoked_at is null
       and family_id = (select family_id from refresh_tokens where token_hash = ${sha256Hex(token)})`);
};

/**
 * Password reset or change, or a disabled account: every sign-in of the user ends, except `keep` (the sign-in
 * that changed its own password stays signed in).
 */
export const revokeAllForUser = async (
  pool: DatabasePool,
  userId: string,
  now: Date,
  { keep }: { keep?: string | undefined } = {},
) => {
  await pool.query(sql.unsafe`
    update refresh_tokens set revoked_at = ${now.toISOString()}
     where user_id = ${userId} and revoked_at is null
       ${keep === undefined ? sql.fragment`` : sql.fragment`and family_id <> ${keep}::uuid`}`);
};

/** The sign-in a live (unrevoked, unexpired) refresh token belongs to. */
export const sessionIdOf = async (pool: DatabasePool, token: string, now: Date) =>
  pool.maybeOneFirst(sql.type(z.object({ family_id: z.string() }))`
    select family_id::text from refresh_tokens
     where token_hash = ${sha256Hex(token)} and revoked_at is null and expires_at > ${now.toISOString()}`);

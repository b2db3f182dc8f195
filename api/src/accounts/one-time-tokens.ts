import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { randomToken, sha256Hex } from './crypto';

export type TokenPurpose = 'confirm_email' | 'reset_password' | 'change_email' | 'cancel_email_change';

/** Confirmation 24 h, reset 1 h, e-mail change 24 h (DESIGN §6.4); its cancel link lives as long as it. */
export const TOKEN_TTL_MS: Readonly<Record<TokenPurpose, number>> = {
  confirm_email: 24 * 3600_000,
  reset_password: 3600_000,
  change_email: 24 * 3600_000,
  cancel_email_change: 24 * 3600_000,
};

/** Only the latest reset or e-mail-change link of a user works; confirmation links all stay valid until used. */
const SUPERSEDES_OLDER: ReadonlySet<TokenPurpose> = new Set([
  'reset_password',
  'change_email',
  'cancel_email_change',
]);

export const issueToken = async (
  db: CommonQueryMethods,
  { purpose, userId, email, now }: { purpose: TokenPurpose; userId: string; email: string; now: Date },
): Promise<string> => {
  const token = randomToken();
  if (SUPERSEDES_OLDER.has(purpose)) {
    await db.query(sql.unsafe`
      update account_tokens set used_at = ${now.toISOString()}
       where user_id = ${userId} and purpose = ${purpose} and used_at is null`);
  }
  await db.query(sql.unsafe`
    insert into account_tokens (token_hash, purpose, user_id, email, created_at, expires_at)
    values (${sha256Hex(token)}, ${purpose}, ${userId}, ${email}, ${now.toISOString()},
            ${new Date(now.getTime() + TOKEN_TTL_MS[purpose]).toISOString()})`);
  return token;
};

export type TokenLookup =
  | { readonly status: 'valid' | 'used' | 'expired'; readonly userId: string; readonly email: string }
  | { readonly status: 'not_found' };

const row = z.object({ user_id: z.string(), email: z.string(), used: z.boolean(), expired: z.boolean() });

/**
 * Uses a token once: the first caller gets `valid` (and the token is spent atomically), later callers `used`.
 * `expired` tokens are never spent. A token of another purpose is `not_found`.
 */
export const consumeToken = async (
  db: CommonQueryMethods,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenLookup> => {
  const hash = sha256Hex(token);
  const spent = await db.maybeOne(sql.type(row)`
    update account_tokens set used_at = ${now.toISOString()}
     where token_hash = ${hash} and purpose = ${purpose} and used_at is null and expires_at > ${now.toISOString()}
    returning user_id, email, false as used, false as expired`);
  if (spent) return { status: 'valid', userId: spent.user_id, email: spent.email };
  const found = await db.maybeOne(sql.type(row)`
    select user_id, email, used_at is not null as used, expires_at <= ${now.toISOString()} as expired
      from account_tokens where token_hash = ${hash} and purpose = ${purpose}`);
  if (!found) return { status: 'not_found' };
  return { status: found.used ? 'used' : 'expired', userId: found.user_id, email: found.email };
};

/** Gives a spent token back when the change it was spent on could not be made (so the link still works). */
export const restoreToken = async (db: CommonQueryMethods, token: string) => {
  await db.query(sql.unsafe`update account_tokens set used_at = null where token_hash = ${sha256Hex(token)}`);
};

/**
 * Spends every unused link of these purposes of a user: a password reset or change, or a cancelled e-mail change,
 * leaves no pending e-mail-change link that could still move the account to another address.
 */
export const voidTokens = async (
  db: CommonQueryMethods,
  userId: string,
  purposes: readonly TokenPurpose[],
  now: Date,
) => {
  await db.query(sql.unsafe`
    update account_tokens set used_at = ${now.toISOString()}
     where user_id = ${userId} and purpose = any(${sql.array([...purposes], 'text')}) and used_at is null`);
};

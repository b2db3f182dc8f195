import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

/** argon2id hashes, outside the event log. */
export const getPasswordHash = (db: CommonQueryMethods, userId: string): Promise<string | null> =>
  db.maybeOneFirst(sql.type(z.object({ password_hash: z.string() }))`
    select password_hash from account_passwords where user_id = ${userId}`);

export const setPasswordHash = async (db: CommonQueryMethods, userId: string, hash: string) => {
  await db.query(sql.unsafe`
    insert into account_passwords (user_id, password_hash) values (${userId}, ${hash})
    on conflict (user_id) do update set password_hash = excluded.password_hash, updated_at = now()`);
};

export const deletePasswordHash = async (db: CommonQueryMethods, userId: string) => {
  await db.query(sql.unsafe`delete from account_passwords where user_id = ${userId}`);
};

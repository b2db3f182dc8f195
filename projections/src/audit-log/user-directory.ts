import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import { type UserRow, userRowSchema } from '../users/queries';

/**
 * The people the audit log names, for staff screens: a paged, searchable user list and e-mails for the ids on a
 * page of the log. Reads the `users` read model; never a secret (that table holds none).
 */

const columns = sql.fragment`id, email, first_name, last_name, email_confirmed, has_password, google_user_id,
  google_email, plan, roles, disabled, pending_email, stripe_customer_id, registered_at`;

export type UserSearch = {
  /** Matches the id exactly, or the e-mail or a name as a case-insensitive substring. */
  readonly q?: string;
  /** Zero-based. */
  readonly page?: number;
  readonly size?: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** One page of users, oldest first, and how many match in all. */
export const searchUsers = async (
  db: CommonQueryMethods,
  { q, page = 0, size = 25 }: UserSearch = {},
): Promise<{ readonly users: readonly UserRow[]; readonly total: number }> => {
  const term = q?.trim() ?? '';
  const pattern = `%${escapeLike(term)}%`;
  const where = term
    ? sql.fragment`where id = ${term} or email ilike ${pattern} or first_name ilike ${pattern}
                      or last_name ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern}`
    : sql.fragment``;
  const limit = Math.min(Math.max(size, 1), 200);
  const offset = Math.max(page, 0) * limit;
  const total = await db.oneFirst(
    sql.type(z.object({ n: z.number() }))`select count(*)::int as n from users ${where}`,
  );
  const users = await db.any(sql.type(userRowSchema)`
    select ${columns} from users ${where} order by registered_at, id limit ${limit} offset ${offset}`);
  return { users, total };
};

/** The e-mail of each known id (unknown ids, such as `system`, are left out). */
export const emailsOfUsers = async (
  db: CommonQueryMethods,
  ids: readonly string[],
): Promise<ReadonlyMap<string, string>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ id: z.string(), email: z.string() }))`
    select id, email from users where id = any(${sql.array(unique, 'text')})`);
  return new Map(rows.map((row) => [row.id, row.email]));
};

/** Ids of the users whose e-mail contains `text` (case-insensitive), for searches by e-mail. */
export const userIdsByEmail = async (
  db: CommonQueryMethods,
  text: string,
  { limit = 100 } = {},
): Promise<readonly string[]> =>
  db.anyFirst(sql.type(z.object({ id: z.string() }))`
    select id from users where email ilike ${`%${escapeLike(text.trim())}%`} order by registered_at limit ${limit}`);

import type { CommonQueryMethods } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';

export const userRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_confirmed: z.boolean(),
  has_password: z.boolean(),
  google_user_id: z.string().nullable(),
  google_email: z.string().nullable(),
  plan: z.string().nullable(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  pending_email: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  registered_at: z.date(),
});
export type UserRow = z.infer<typeof userRowSchema>;

const columns = sql.fragment`id, email, first_name, last_name, email_confirmed, has_password, google_user_id,
  google_email, plan, roles, disabled, pending_email, stripe_customer_id, registered_at`;

export const getUserById = (db: CommonQueryMethods, id: string): Promise<UserRow | null> =>
  db.maybeOne(sql.type(userRowSchema)`select ${columns} from users where id = ${id}`);

export const findUserByEmail = (db: CommonQueryMethods, email: string): Promise<UserRow | null> =>
  db.maybeOne(sql.type(userRowSchema)`
    select ${columns} from users where lower(email) = lower(${email}) order by registered_at limit 1`);

/** Every user, oldest first (the admin tables). */
export const listUsers = async (db: CommonQueryMethods, { limit = 1000 } = {}): Promise<readonly UserRow[]> =>
  db.any(sql.type(userRowSchema)`select ${columns} from users order by registered_at, id limit ${limit}`);

/** The user a Google account (OpenID `sub`) is connected to. */
export const findUserByGoogleId = (db: CommonQueryMethods, googleUserId: string): Promise<UserRow | null> =>
  db.maybeOne(
    sql.type(userRowSchema)`select ${columns} from users where google_user_id = ${googleUserId} limit 1`,
  );

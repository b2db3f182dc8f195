import { type DatabasePool, sql } from 'slonik';
import { purgeRateLimits } from '../http/postgres-rate-limit-store';

/**
 * Keeps the secrets tables small: links and OAuth states a day after they expired, refresh tokens a week after
 * (so a late reuse of a rotated token is still recognised for a while), delivered mail after 30 days, finished
 * rate-limit windows and old sign-in failures.
 */
export const purgeExpiredSecrets = async (pool: DatabasePool) => {
  await pool.query(sql.unsafe`delete from account_tokens where expires_at < now() - interval '1 day'`);
  await pool.query(sql.unsafe`delete from oauth_states where expires_at < now() - interval '1 day'`);
  await pool.query(sql.unsafe`delete from refresh_tokens where expires_at < now() - interval '7 days'`);
  await pool.query(sql.unsafe`
    delete from mail_outbox where status <> 'pending' and created_at < now() - interval '30 days'`);
  await purgeRateLimits(pool);
};

import { type DatabasePool, sql } from 'slonik';
import { z } from 'zod';

/**
 * Failed sign-ins slow an account down instead of locking it. Failures are counted per (account, source IP) and
 * per account; past a threshold each failure doubles the wait before the next attempt is looked at (1 s, 2 s,
 * 4 s … at most 15 minutes). A browser that signed in to the account before is not held back by the per-account
 * count, so an attacker hammering the admin's address from elsewhere cannot keep the admin out. Counts are
 * forgotten a day after the last failure; a correct password clears its source's count.
 */
export const LOGIN_THROTTLE = {
  perSource: 5,
  perAccount: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
} as const;

export type LoginSource = { readonly email: string; readonly ip: string };

const sourceKey = ({ email, ip }: LoginSource) => `source:${email}|${ip}`;
const accountKey = ({ email }: LoginSource) => `account:${email}`;

/** How long after the last failure the next attempt waits, once `failures` reached `threshold`. */
export const delayAfter = (failures: number, threshold: number) =>
  failures < threshold
    ? 0
    : Math.min(LOGIN_THROTTLE.baseDelayMs * 2 ** (failures - threshold), LOGIN_THROTTLE.maxDelayMs);

const failureRow = z.object({ key: z.string(), failures: z.number(), last_failure_at: z.date() });

/** Milliseconds the attempt must still wait (0: go ahead and check the password). */
export const loginWaitMs = async (
  pool: DatabasePool,
  source: LoginSource,
  { knownDevice, now }: { knownDevice: boolean; now: Date },
) => {
  const keys = knownDevice ? [sourceKey(source)] : [sourceKey(source), accountKey(source)];
  const rows = await pool.any(sql.type(failureRow)`
    select key, failures, last_failure_at from login_failures where key = any(${sql.array(keys, 'text')})`);
  let wait = 0;
  for (const row of rows) {
    const since = now.getTime() - row.last_failure_at.getTime();
    if (since > LOGIN_THROTTLE.forgetAfterMs) continue;
    const threshold = row.key.startsWith('source:') ? LOGIN_THROTTLE.perSource : LOGIN_THROTTLE.perAccount;
    wait = Math.max(wait, delayAfter(row.failures, threshold) - since);
  }
  return wait;
};

export const recordLoginFailure = async (pool: DatabasePool, source: LoginSource, now: Date) => {
  const forgetBefore = new Date(now.getTime() - LOGIN_THROTTLE.forgetAfterMs).toISOString();
  for (const key of [sourceKey(source), accountKey(source)]) {
    await pool.query(sql.unsafe`
      insert into login_failures as f (key, failures, last_failure_at) values (${key}, 1, ${now.toISOString()})
      on conflict (key) do update set
        failures = case when f.last_failure_at < ${forgetBefore} then 1 else f.failures + 1 end,
        last_failure_at = excluded.last_failure_at`);
  }
};

export const clearLoginFailures = async (pool: DatabasePool, source: LoginSource) => {
  await pool.query(sql.unsafe`delete from login_failures where key = ${sourceKey(source)}`);
};

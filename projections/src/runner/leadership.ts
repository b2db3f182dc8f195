import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { sleep, untilAborted } from './sleep';

/**
 * The advisory lock whose holder runs these projectors (advisory locks are per database): one per set of projector
 * names, so that runners of other sets (another version during a deploy, a test's own projector) each lead theirs.
 * 64 bits of a SHA-256: two sets sharing a key would leave one set's projectors to waiting readers only.
 */
export const runnerLockKey = (projectorNames: readonly string[]): bigint =>
  createHash('sha256')
    .update(`etf-replicator projection runner\n${[...projectorNames].sort().join('\n')}`)
    .digest()
    .readBigInt64BE(0);

export type Leadership = {
  readonly isLeader: () => boolean;
  /** Resolves once the first try for the lock is over (held or not, or failed). */
  readonly firstTry: Promise<void>;
  /** Ends the campaign, and the leadership with the session that holds it. */
  readonly stop: () => Promise<void>;
};

/**
 * Campaigns for running the asynchronous projectors (issue 28): on a PostgreSQL server several server processes
 * share one database, and every one of them read every page of the log and raced for each page's checkpoint lock
 * (one client's orders on two processes: 13.2 → 12.7 ms of server CPU per order with one runner). The process holding a session-level advisory lock runs them; the others try again every `retryMs`, so a leader that
 * dies (its session ends, the lock with it) is replaced within that time. Losing the session later is left alone:
 * two runners stay exactly-once (each page locks its checkpoint), one is only cheaper.
 * The embedded database lives in one process: it leads from the start.
 */
export const campaignForLeadership = (
  db: Database,
  {
    key,
    onLeader,
    onError,
    retryMs = 1000,
  }: { key: bigint; onLeader: () => void; onError?: (error: unknown) => void; retryMs?: number },
): Leadership => {
  let leader = false;
  let tried: () => void = () => undefined;
  const firstTry = new Promise<void>((resolve) => {
    tried = resolve;
  });
  const stopping = new AbortController();
  const { signal } = stopping;
  const becomeLeader = () => {
    leader = true;
    onLeader();
  };
  if (db.kind === 'pglite') {
    becomeLeader();
    return { isLeader: () => leader, firstTry: Promise.resolve(), stop: async () => undefined };
  }
  const campaign = (async () => {
    while (!signal.aborted) {
      try {
        await db.withScriptSession(async (run) => {
          while (!signal.aborted) {
            const [row] = await run(`select pg_try_advisory_lock(${key.toString()}::bigint) as held`);
            tried();
            if (row?.held === true) {
              becomeLeader();
              // The lock lives as long as this session: hold it until the runner stops.
              return untilAborted(signal);
            }
            await sleep(retryMs, signal);
          }
        });
      } catch (error) {
        tried();
        if (signal.aborted) return;
        onError?.(error);
        await sleep(retryMs, signal);
      }
      if (leader) return;
    }
  })();
  return {
    isLeader: () => leader,
    firstTry,
    stop: async () => {
      stopping.abort();
      tried();
      await campaign;
    },
  };
};

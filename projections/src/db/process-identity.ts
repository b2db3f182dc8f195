import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { z } from 'zod';

/**
 * Who holds a lock: a pid alone is not enough, because pids are reused (after a crash and a reboot, or just after
 * enough processes). The kernel's start time of the process (`/proc/<pid>/stat`, field 22) and the boot id tell a
 * reused pid from the process that wrote the lock. Where /proc is missing they are null and only the pid counts.
 */
export const processIdentitySchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.string().nullable(),
  bootId: z.string().nullable(),
  host: z.string(),
  /** Unique per acquisition: tells one lock file from another with the same owner. */
  token: z.string(),
});
export type ProcessIdentity = z.infer<typeof processIdentitySchema>;

/** The start time of a process in clock ticks since boot, or null when /proc cannot say (gone, or not Linux). */
export const processStartTime = async (pid: number): Promise<string | null> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
};

export const currentBootId = async (): Promise<string | null> =>
  (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => null))?.trim() ?? null;

const pidExists = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const ownIdentity = async (token: string): Promise<ProcessIdentity> => ({
  pid: process.pid,
  startTime: await processStartTime(process.pid),
  bootId: await currentBootId(),
  host: hostname(),
  token,
});

/** A lock from another host is stale once its heartbeat (the lock file's mtime) is older than this. */
export const LOCK_STALE_AFTER_MS = 30_000;
/** How often a holder renews its heartbeat: well within LOCK_STALE_AFTER_MS. */
export const LOCK_HEARTBEAT_MS = 5_000;

/**
 * Whether the process that wrote `owner` may still be running. On this host the pid, start time and boot id say so
 * exactly. Another host's process cannot be checked from here: its lock is a lease, alive while its heartbeat (the
 * lock file's mtime, renewed every LOCK_HEARTBEAT_MS) is fresher than `staleAfterMs` — so a container recreated
 * with a new hostname starts once the old one has stopped beating, instead of never.
 */
export const isOwnerAlive = async (
  owner: ProcessIdentity,
  heartbeatAgeMs: number,
  staleAfterMs = LOCK_STALE_AFTER_MS,
): Promise<boolean> => {
  if (owner.host !== hostname()) return heartbeatAgeMs < staleAfterMs;
  const bootId = await currentBootId();
  if (owner.bootId !== null && bootId !== null && owner.bootId !== bootId) return false;
  if (!pidExists(owner.pid)) return false;
  const startTime = await processStartTime(owner.pid);
  return owner.startTime === null || startTime === null || owner.startTime === startTime;
};

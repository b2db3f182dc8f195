import { randomUUID } from 'node:crypto';
import { link, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isOwnerAlive,
  LOCK_HEARTBEAT_MS,
  LOCK_STALE_AFTER_MS,
  ownIdentity,
  type ProcessIdentity,
  processIdentitySchema,
} from './process-identity';

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Creates `file` with `content` in one step, or answers false when it exists. The content is written to a private
 * file first and hard-linked into place: link(2) fails when the name exists (the O_EXCL guarantee, NFS included),
 * and nobody can ever read a half-written lock.
 */
const createExclusively = async (file: string, content: string): Promise<boolean> => {
  const draft = `${file}.${randomUUID()}.tmp`;
  await writeFile(draft, content, { flag: 'wx' });
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
};

/** The lock's owner; 'gone' when the file vanished meanwhile; a file nobody could have written counts as stale. */
const readOwner = async (file: string): Promise<ProcessIdentity | 'gone' | 'unreadable'> => {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'gone';
    throw error;
  }
  // Locks written before the owner's start time was recorded hold just the pid.
  if (/^\d+$/.test(content.trim())) {
    const pid = Number(content.trim());
    const { host } = await ownIdentity('');
    return { pid, startTime: null, bootId: null, host, token: `pid:${pid}` };
  }
  try {
    return processIdentitySchema.parse(JSON.parse(content));
  } catch {
    return 'unreadable';
  }
};

/** Milliseconds since the lock's last heartbeat (its mtime); 0 when it cannot be read (treated as fresh). */
const heartbeatAge = async (file: string): Promise<number> => {
  const info = await stat(file).catch(() => null);
  return info ? Math.max(0, Date.now() - info.mtimeMs) : 0;
};

const tokenOf = (owner: ProcessIdentity | 'gone' | 'unreadable') =>
  typeof owner === 'string' ? owner : owner.token;

/**
 * Removes a stale lock unless someone replaced it meanwhile. Takeovers are serialised by a second lock file, so two
 * processes that both judged the same lock stale cannot each remove it, one of them the other's fresh one.
 */
const removeStale = async (file: string, stale: string, me: ProcessIdentity) => {
  const takeover = `${file}.takeover`;
  if (!(await createExclusively(takeover, JSON.stringify(me)))) {
    const other = await readOwner(takeover);
    // A takeover lasts a few milliseconds; one left by a process that died in it is cleared.
    if (typeof other === 'string' || !(await isOwnerAlive(other, await heartbeatAge(takeover))))
      await unlink(takeover).catch(() => undefined);
    await sleep(10);
    return;
  }
  try {
    if (tokenOf(await readOwner(file)) === stale) await unlink(file).catch(() => undefined);
  } finally {
    await unlink(takeover).catch(() => undefined);
  }
};

/**
 * PGlite is one in-process PostgreSQL: two processes opening the same folder would corrupt it. A lock file next to
 * the folder, created atomically, turns that into a clear error. It names its owner by pid, start time and boot id,
 * so a lock left by a crashed process is taken over even when its pid now belongs to another process.
 */
export const lockDataDir = async (
  dataDir: string,
  {
    staleAfterMs = LOCK_STALE_AFTER_MS,
    heartbeatMs = LOCK_HEARTBEAT_MS,
  }: { staleAfterMs?: number; heartbeatMs?: number } = {},
): Promise<() => Promise<void>> => {
  const file = `${dataDir.replace(/\/$/, '')}.lock`;
  const me = await ownIdentity(randomUUID());
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await createExclusively(file, JSON.stringify(me))) {
      // The heartbeat: other hosts judge the lock by its age (process-identity.ts).
      const beat = setInterval(() => {
        const now = new Date();
        void utimes(file, now, now).catch(() => undefined);
      }, heartbeatMs);
      beat.unref();
      return async () => {
        clearInterval(beat);
        if (tokenOf(await readOwner(file)) === me.token) await unlink(file).catch(() => undefined);
      };
    }
    const owner = await readOwner(file);
    if (owner === 'gone') continue;
    if (owner !== 'unreadable' && (await isOwnerAlive(owner, await heartbeatAge(file), staleAfterMs))) {
      const where = owner.host === me.host ? '' : ` on host ${owner.host}`;
      const takeOver =
        owner.host === me.host
          ? 'Stop it first'
          : `If that host is gone, the lock is taken over ${Math.round(staleAfterMs / 1000)} s after its last heartbeat (start again then); never run two servers on one folder`;
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner.pid}${where}${owner.pid === process.pid ? ' (this one)' : ''} (is the server running?). ${takeOver}, or point DATABASE_URL at a PostgreSQL server.`,
      );
    }
    await removeStale(file, tokenOf(owner), me);
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}: its lock file keeps changing`);
};

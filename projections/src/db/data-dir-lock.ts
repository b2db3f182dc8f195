import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { isOwnerAlive, ownIdentity, type ProcessIdentity, processIdentitySchema } from './process-identity';

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
    if (typeof other === 'string' || !(await isOwnerAlive(other)))
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
export const lockDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  const file = `${dataDir.replace(/\/$/, '')}.lock`;
  const me = await ownIdentity(randomUUID());
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await createExclusively(file, JSON.stringify(me))) {
      return async () => {
        if (tokenOf(await readOwner(file)) === me.token) await unlink(file).catch(() => undefined);
      };
    }
    const owner = await readOwner(file);
    if (owner === 'gone') continue;
    if (owner !== 'unreadable' && (await isOwnerAlive(owner))) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner.pid}${owner.pid === process.pid ? ' (this one)' : ''} (is the server running?). Stop it first, or point DATABASE_URL at a PostgreSQL server.`,
      );
    }
    await removeStale(file, tokenOf(owner), me);
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}: its lock file keeps changing`);
};

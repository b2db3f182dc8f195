import { readFile, rm, writeFile } from 'node:fs/promises';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one in-process PostgreSQL: two processes opening the same folder would corrupt it. A pid file next to
 * the folder turns that into a clear error (a stale file from a crashed process is taken over).
 */
export const lockDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  const file = `${dataDir.replace(/\/$/, '')}.lock`;
  const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${owner} (is the server running?). Stop it first, or point DATABASE_URL at a PostgreSQL server.`,
    );
  }
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
};

import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Runs `work` under the V8 profiler when `dir` is given, writing DIR/rebuild-NAME.cpuprofile (only the work, not
 * the set-up around it): summarise it with `npx tsx scripts/src/profile-summary.ts FILE`.
 */
export const profiled = async (dir: string | undefined, name: string, work: () => Promise<void>) => {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `rebuild-${name}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.error(`Wrote ${file}`);
  }
};

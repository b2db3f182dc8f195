import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Newest modification time (ms) of any file under the given files or folders; 0 when none exists. */
export const newestSourceChange = async (roots: readonly string[]): Promise<number> => {
  let newest = 0;
  const visit = async (target: string): Promise<void> => {
    const info = await stat(target).catch(() => undefined);
    if (!info) return;
    if (!info.isDirectory()) {
      newest = Math.max(newest, info.mtimeMs);
      return;
    }
    const entries = await readdir(target, { withFileTypes: true });
    await Promise.all(
      entries
        .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
        .map((entry) => visit(path.join(target, entry.name))),
    );
  };
  await Promise.all(roots.map(visit));
  return newest;
};

/** Oldest modification time (ms) of the outputs, or undefined when one of them is missing (never built). */
export const oldestOutput = async (outputs: readonly string[]): Promise<number | undefined> => {
  const times = await Promise.all(
    outputs.map((output) =>
      stat(output).then(
        (info) => info.mtimeMs,
        () => undefined,
      ),
    ),
  );
  if (times.some((time) => time === undefined)) return undefined;
  return Math.min(...(times as number[]));
};

/** Whether outputs built from `sources` must be built (again): one is missing, or a source changed after them. */
export const isStale = async (outputs: readonly string[], sources: readonly string[]): Promise<boolean> => {
  const [built, changed] = await Promise.all([oldestOutput(outputs), newestSourceChange(sources)]);
  return built === undefined || changed > built;
};

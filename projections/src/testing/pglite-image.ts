import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Names the file holding this run's image of a freshly initialised PGlite (set by the projects' globalSetup). */
export const PGLITE_IMAGE_ENV = 'ETF_TEST_PGLITE_IMAGE';

/**
 * Runs initdb once and saves the result: an in-memory PGlite loaded from it starts as the brand-new, empty instance
 * `PGlite.create('memory://')` would give, in well under half the time (no migrations, no data: only initdb's work).
 */
export const writePgliteImage = async (): Promise<{ file: string; remove: () => Promise<void> }> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'etf-pglite-image-'));
  const file = path.join(folder, 'fresh.tar');
  const pglite = await PGlite.create('memory://');
  try {
    await writeFile(file, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
};

let image: Promise<Blob> | undefined;

/** This run's image, read once per test file; none outside vitest (scripts), where PGlite runs initdb itself. */
export const pgliteImage = (): Promise<Blob> | undefined => {
  const file = process.env[PGLITE_IMAGE_ENV];
  if (!file) return undefined;
  image ??= readFile(file).then((bytes) => new Blob([bytes]));
  return image;
};

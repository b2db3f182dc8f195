import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStale } from './freshness';

describe('isStale (what npm start rebuilds)', () => {
  let dir: string;
  const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
  const write = async (file: string, seconds: number) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), file);
    await utimes(path.join(dir, file), at(seconds), at(seconds));
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'etf-freshness-'));
    await write('src/a.ts', 10);
    await write('src/deep/b.ts', 20);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const stale = () =>
    isStale([path.join(dir, 'dist/server.js')], [path.join(dir, 'src'), path.join(dir, 'lock')]);

  it('builds when the output is missing', async () => {
    expect(await stale()).toBe(true);
  });

  it('skips an output newer than every source, and rebuilds once a nested source changes', async () => {
    await write('dist/server.js', 30);
    expect(await stale()).toBe(false);
    await write('src/deep/b.ts', 40);
    expect(await stale()).toBe(true);
  });

  it('ignores node_modules and dist folders inside the sources', async () => {
    await write('dist/server.js', 30);
    await write('src/node_modules/x.js', 50);
    await write('src/dist/y.js', 50);
    expect(await stale()).toBe(false);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate';

describe('loadMigrations', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('refuses two migrations with the same number (two branches each adding "the next" one)', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    await writeFile(path.join(folder, '0061_rate_limits.sql'), 'select 1;');
    await writeFile(path.join(folder, '0061_cancel_email_change_tokens.sql'), 'select 1;');
    await expect(loadMigrations(folder)).rejects.toThrow(/share the number 61/);
  });

  it("loads the read models' own migrations, numbered once each", async () => {
    const migrations = await loadMigrations(fileURLToPath(new URL('../../migrations', import.meta.url)));
    expect(migrations.length).toBeGreaterThan(10);
    expect(new Set(migrations.map((m) => m.version)).size).toBe(migrations.length);
  });
});

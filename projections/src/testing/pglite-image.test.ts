import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { PGLITE_IMAGE_ENV, pgliteImage } from './pglite-image';

// What a database "starts as": the catalogue a test could see, apart from per-instance identities.
const catalogue = async (pglite: PGlite) => ({
  databases: (await pglite.query('select datname from pg_database order by 1')).rows,
  roles: (await pglite.query('select rolname, rolsuper from pg_roles order by 1')).rows,
  schemas: (await pglite.query('select nspname from pg_namespace order by 1')).rows,
  relations: (
    await pglite.query(
      `select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       order by 1, 2`,
    )
  ).rows,
  settings: (await pglite.query(`select name, setting from pg_settings where source <> 'default' order by 1`))
    .rows,
});

describe('the PGlite image made once per run', () => {
  it('is what the test databases of this run start from', () => {
    expect(process.env[PGLITE_IMAGE_ENV]).toBeTruthy();
    expect(pgliteImage()).toBeDefined();
  });

  it('starts an instance exactly like a fresh initdb, and a writable one', async () => {
    const image = await (pgliteImage() as Promise<Blob>);
    const fresh = await PGlite.create('memory://');
    const loaded = await PGlite.create({ dataDir: 'memory://', loadDataDir: image });
    try {
      expect(await catalogue(loaded)).toEqual(await catalogue(fresh));
      await loaded.exec('create table probe (id int primary key); insert into probe values (1);');
      expect((await loaded.query('select id from probe')).rows).toEqual([{ id: 1 }]);
    } finally {
      await Promise.all([fresh.close(), loaded.close()]);
    }
  });
});

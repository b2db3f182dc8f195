import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import { type TestDatabase, testDatabaseKinds } from '../testing';

/** Migration 0181: the large json columns compress with lz4 where the server has it (PGlite has not). */
describe.each(await testDatabaseKinds())('read-model compression on $name', ({ name, open }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
  });
  afterAll(() => test?.dispose());

  it('names lz4 for the columns a command rewrites where the server supports it, and still stores and reads them', async () => {
    const methods = await test.db.pool.any(sql.type(z.object({ column: z.string(), method: z.string() }))`
      select attrelid::regclass::text || '.' || attname as column, attcompression::text as method
        from pg_attribute
       where (attrelid, attname) in (('tracking_detail'::regclass, 'view'), ('tracking_detail'::regclass, 'state'),
                                     ('tracking_etf_snapshots'::regclass, 'holdings'),
                                     ('tracking_states'::regclass, 'positions'))
       order by 1`);
    // 'l' is lz4; '' the server's default (pglz), which is what a build without lz4 keeps.
    const expected = name === 'PGlite' ? '' : 'l';
    expect(methods).toEqual(
      [
        'tracking_detail.state',
        'tracking_detail.view',
        'tracking_etf_snapshots.holdings',
        'tracking_states.positions',
      ].map((column) => ({ column, method: expected })),
    );
    // A value far above the 2 KB threshold is stored compressed that way and reads back unchanged.
    const big = { rows: Array.from({ length: 400 }, (_, i) => ({ symbol: `S${i}`, shares: `${i}.5` })) };
    const stored = await test.db.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`create temporary table probe on commit drop as
        select view from tracking_detail limit 0`);
      await tx.query(
        sql.unsafe`alter table probe alter column view set compression ${sql.identifier([
          expected === 'l' ? 'lz4' : 'pglz',
        ])}`,
      );
      await tx.query(sql.unsafe`insert into probe values (${JSON.stringify(big)}::jsonb)`);
      return tx.one(sql.type(z.object({ view: z.unknown(), method: z.string() }))`
        select view, pg_column_compression(view) as method from probe`);
    });
    expect(stored).toEqual({ view: big, method: expected === 'l' ? 'lz4' : 'pglz' });
  });
});

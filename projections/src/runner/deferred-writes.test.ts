import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openPgliteTestDatabase, type TestDatabase } from '../testing';
import { type DeferrableWrite, deferWrite, withDeferredWrites } from './deferred-writes';

const insertInto = (table: 'dw_a' | 'dw_b', value: number): DeferrableWrite => ({
  ctes: [[`${table}_values`, sql.fragment`select ${value}::int as v`]],
  statement: sql.fragment`insert into ${sql.identifier([table])} (v) select v from ${sql.identifier([`${table}_values`])}`,
});

const values = (test: TestDatabase, table: 'dw_a' | 'dw_b') =>
  test.db.pool.anyFirst(
    sql.type(z.object({ v: z.number() }))`select v from ${sql.identifier([table])} order by v`,
  );

/** Issue 28 item 1: inline projectors' writes of one append go to the database as one statement. */
describe('Deferred writes', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openPgliteTestDatabase();
    await test.db.pool.query(sql.unsafe`create table dw_a (v int primary key)`);
    await test.db.pool.query(sql.unsafe`create table dw_b (v int primary key)`);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('sends the writes of a scope as one statement when it ends, and runs a write at once outside one', async () => {
    await test.db.pool.transaction(async (tx) => {
      const sent = vi.spyOn(tx, 'query');
      await withDeferredWrites(tx, async () => {
        await deferWrite(tx, insertInto('dw_a', 1));
        await deferWrite(tx, insertInto('dw_b', 2));
        expect(sent).not.toHaveBeenCalled();
      });
      expect(sent).toHaveBeenCalledTimes(1);
      await deferWrite(tx, insertInto('dw_a', 3));
      expect(sent).toHaveBeenCalledTimes(2);
    });
    expect(await values(test, 'dw_a')).toEqual([1, 3]);
    expect(await values(test, 'dw_b')).toEqual([2]);
  });

  it('drops what a failing scope deferred, and refuses two writes naming the same CTE', async () => {
    await expect(
      test.db.pool.transaction(async (tx) =>
        withDeferredWrites(tx, async () => {
          await deferWrite(tx, insertInto('dw_a', 10));
          throw new Error('the projector failed');
        }),
      ),
    ).rejects.toThrow('the projector failed');
    await expect(
      test.db.pool.transaction(async (tx) =>
        withDeferredWrites(tx, async () => {
          await deferWrite(tx, insertInto('dw_a', 11));
          await deferWrite(tx, insertInto('dw_a', 12));
        }),
      ),
    ).rejects.toThrow('Two deferred writes name the CTE "dw_a_values"');
    expect(await values(test, 'dw_a')).toEqual([1, 3]);
  });
});

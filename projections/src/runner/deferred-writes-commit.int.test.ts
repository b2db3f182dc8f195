import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StatementAfterCommitError } from '../db/pipelined-transactions';
import { type TestDatabase, testDatabaseKinds } from '../testing';
import { type DeferrableWrite, deferWrite, withDeferredWrites } from './deferred-writes';

const insert = (value: number): DeferrableWrite => ({
  ctes: [],
  statement: sql.fragment`insert into dwc (v) values (${value})`,
});

/**
 * A scope's statement that carries its transaction's COMMIT (pipelined-transactions.ts): on the server it is written
 * with the COMMIT, on PGlite it runs as any other; either way the transaction commits or rolls back as a whole.
 */
describe.each(await testDatabaseKinds())('the last write of a transaction on $name', ({ name, open }) => {
  let test: TestDatabase;
  const rows = () =>
    test.db.pool.anyFirst(sql.type(z.object({ v: z.number() }))`select v from dwc order by v`);

  beforeAll(async () => {
    test = await open();
    await test.db.pool.query(sql.unsafe`create table dwc (v int primary key)`);
  }, 60_000);
  afterAll(() => test?.dispose());

  it('commits what the transaction wrote before it and its own rows, and the connection serves on', async () => {
    const answer = await test.db.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`insert into dwc (v) values (1)`);
      await withDeferredWrites(tx, () => deferWrite(tx, insert(2)), { lastInTransaction: true });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await rows()).toEqual([1, 2]);
    // Each of the pool's connections goes through the same path again.
    await Promise.all(
      [3, 4, 5, 6].map((value) =>
        test.db.pool.transaction((tx) =>
          withDeferredWrites(tx, () => deferWrite(tx, insert(value)), { lastInTransaction: true }),
        ),
      ),
    );
    expect(await rows()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('rolls the whole transaction back when that statement fails, and the error is the statement one', async () => {
    await expect(
      test.db.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into dwc (v) values (10)`);
        // 1 exists: a unique violation.
        await withDeferredWrites(tx, () => deferWrite(tx, insert(1)), { lastInTransaction: true });
      }),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await rows()).toEqual([1, 2, 3, 4, 5, 6]);
    await test.db.pool.transaction((tx) =>
      withDeferredWrites(tx, () => deferWrite(tx, insert(11)), { lastInTransaction: true }),
    );
    expect(await rows()).toEqual([1, 2, 3, 4, 5, 6, 11]);
  });

  it.runIf(name !== 'PGlite')(
    'refuses a statement sent after it on the server, where it would run alone',
    async () => {
      await expect(
        test.db.pool.transaction(async (tx) => {
          await withDeferredWrites(tx, () => deferWrite(tx, insert(20)), { lastInTransaction: true });
          await tx.query(sql.unsafe`insert into dwc (v) values (21)`);
        }),
      ).rejects.toBeInstanceOf(StatementAfterCommitError);
      // What the marked statement committed stays (it said it was the last); the refused one never ran.
      expect(await rows()).toEqual([1, 2, 3, 4, 5, 6, 11, 20]);
      expect(
        await test.db.pool.oneFirst(
          sql.type(z.object({ n: z.number() }))`select count(*)::int as n from dwc`,
        ),
      ).toBe(8);
    },
  );
});

import { sql, UniqueIntegrityConstraintViolationError } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestDatabase, testDatabaseKinds } from '../testing';
import type { Database } from './database';
import { createPreparedNames } from './prepared-statements';
import { withGenericPlans } from './server-driver';

describe('generic plans', () => {
  it('are asked for beside the options the URL gives, which stay', () => {
    expect(withGenericPlans('postgres://u@h:5432/db')).toEqual({
      connectionString: 'postgres://u@h:5432/db',
      options: '-c plan_cache_mode=force_generic_plan',
    });
    expect(withGenericPlans('postgres://u@h/db?options=-c%20search_path%3Dx&sslmode=disable')).toEqual({
      connectionString: 'postgres://u@h/db?sslmode=disable',
      options: '-c search_path=x -c plan_cache_mode=force_generic_plan',
    });
  });
});

describe('prepared names', () => {
  it('prepare a text from its second use on, under one name per text', () => {
    const nameOf = createPreparedNames();
    expect(nameOf('select $1')).toBeUndefined();
    const name = nameOf('select $1');
    expect(name).toMatch(/^etf_\d+$/);
    expect(nameOf('select $1')).toBe(name);
    nameOf('select $1, $2');
    expect(nameOf('select $1, $2')).not.toBe(name);
  });
});

const prepared = z.object({ name: z.string(), statement: z.string() });

describe.each(await testDatabaseKinds())('the driver on $name', ({ open }) => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    test = await open();
    db = test.db;
    await db.pool.query(sql.unsafe`create table t (id int8 primary key, amount numeric, at timestamptz)`);
  });
  afterAll(() => test.dispose());

  it('keeps a statement sent again prepared on its connection, and answers the same rows', async () => {
    const read = (id: number) =>
      db.pool.maybeOne(sql.type(z.object({ id: z.number(), amount: z.string() }))`
        select id, amount from t where id = ${id} and amount is distinct from ${'-1'}::numeric`);
    await db.pool.query(sql.unsafe`insert into t values (1, 12.345678901234567890, now())`);
    const answers = [await read(1), await read(1), await read(2)];
    expect(answers).toEqual([
      { id: 1, amount: '12.345678901234567890' },
      { id: 1, amount: '12.345678901234567890' },
      null,
    ]);
    const statements = await db.pool.any(
      sql.type(prepared)`select name, statement from pg_prepared_statements`,
    );
    expect(statements.filter((s) => s.statement.includes('is distinct from'))).toHaveLength(1);
  });

  it('runs its sessions with generic plans', async () => {
    const mode =
      await db.pool.oneFirst(sql.type(z.object({ plan_cache_mode: z.string() }))`show plan_cache_mode`);
    expect(mode).toBe('force_generic_plan');
  });

  it('parses int8, numeric, timestamptz and their arrays as slonik does', async () => {
    const row = await db.pool.one(sql.type(
      z.object({
        n: z.number(),
        ns: z.array(z.number()),
        d: z.string(),
        at: z.date(),
        ats: z.array(z.date()),
      }),
    )`select ${'9007199254740991'}::int8 as n, array[1, 2]::int8[] as ns, ${'0.10'}::numeric as d,
             ${'2026-11-27T12:00:00Z'}::timestamptz as at, array[${'2026-11-27T12:00:00Z'}::timestamptz] as ats`);
    expect(row).toEqual({
      n: 9007199254740991,
      ns: [1, 2],
      d: '0.10',
      at: new Date('2026-11-27T12:00:00Z'),
      ats: [new Date('2026-11-27T12:00:00Z')],
    });
  });

  it('turns a unique violation into slonik’s error, also from a prepared statement, and carries on', async () => {
    const insert = () => db.pool.query(sql.unsafe`insert into t (id, amount) values (${7}, ${'1'})`);
    await insert();
    await expect(insert()).rejects.toBeInstanceOf(UniqueIntegrityConstraintViolationError);
    // Third time: the prepared form; a failing statement inside a transaction rolls it back and nothing sticks.
    await expect(
      db.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into t (id, amount) values (${8}, ${'1'})`);
        await tx.query(sql.unsafe`insert into t (id, amount) values (${7}, ${'1'})`);
      }),
    ).rejects.toBeInstanceOf(UniqueIntegrityConstraintViolationError);
    const ids = await db.pool.anyFirst(sql.type(z.object({ id: z.number() }))`select id from t order by id`);
    expect(ids).toEqual([1, 7]);
  });
});

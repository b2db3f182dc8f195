import { sql } from 'slonik';
import { z } from 'zod';
import type { Database } from '../db/database';

/** `fillfactor=80`: what pg_class.reloptions holds, checked before it goes back into SQL. */
const OPTION = /^([a-z_.]+)=([A-Za-z0-9_.]+)$/;

/**
 * Gives the scratch copy of `table` the live table's storage parameters (`create table ... (like ... including all)`
 * copies indexes and constraints, not these): a rebuild must not drop the fillfactor that lets a command rewrite its
 * tracking's row in place (migration 0182).
 */
export const keepStorageParameters = async (db: Database, schema: string, table: string) => {
  const options = await db.pool.maybeOneFirst(sql.type(
    z.object({ reloptions: z.array(z.string()).nullable() }),
  )`
    select c.reloptions from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = ${table}`);
  const parameters = (options ?? []).map((option) => {
    const [, name, value] = OPTION.exec(option) ?? [];
    if (!name || !value) throw new Error(`Cannot rebuild ${table}: unexpected storage parameter ${option}`);
    return sql.fragment`${sql.identifier(name.split('.'))} = ${sql.literalValue(value)}`;
  });
  if (parameters.length === 0) return;
  await db.pool.query(
    sql.unsafe`alter table ${sql.identifier([schema, table])} set (${sql.join(parameters, sql.fragment`, `)})`,
  );
};

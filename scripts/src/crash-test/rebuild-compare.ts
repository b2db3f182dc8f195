import { createHash } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import {
  type Database,
  type Projector,
  type ReadCommittedTail,
  rebuildProjection,
} from '@etf-replicator/projections';
import { sql } from 'slonik';
import { z } from 'zod';

const rowText = z.object({ row: z.string() });
const columnName = z.object({ column_name: z.string() });

/**
 * A table's rows as text and their digest. An identity column (audit_seq) is a counter, not content: a sequence
 * skips the values a killed transaction took, a rebuild counts from 1. What it carries is an order, so the rows are
 * compared in that order, without it; tables without one are compared as sets.
 */
const digestOf = async (db: Database, table: string) => {
  const identity = await db.pool.maybeOne(sql.type(columnName)`
    select column_name from information_schema.columns
     where table_schema = 'public' and table_name = ${table} and is_identity = 'YES' limit 1`);
  const rows = (
    await db.pool.any(
      identity
        ? sql.type(rowText)`
            select (to_jsonb(t) - ${identity.column_name}::text)::text as row from ${sql.identifier([table])} t
             order by ${sql.identifier([identity.column_name])}`
        : sql.type(rowText)`select to_jsonb(t)::text as row from ${sql.identifier([table])} t order by 1`,
    )
  ).map(({ row }) => row);
  const hash = createHash('sha256');
  for (const row of rows) hash.update(row).update('\n');
  return { rows, digest: hash.digest('hex') };
};

/** The first row on each side that the other side lacks (what to look at when a table differs). */
const firstDifference = (live: readonly string[], rebuilt: readonly string[]) => {
  const rebuiltSet = new Set(rebuilt);
  const liveSet = new Set(live);
  const clip = (row: string | undefined) => (row ? row.slice(0, 300) : '—');
  return `live only: ${clip(live.find((row) => !rebuiltSet.has(row)))}; rebuilt only: ${clip(rebuilt.find((row) => !liveSet.has(row)))}`;
};

/**
 * Each read model as the live server left it against the same read model replayed from the log: the rebuild facility
 * (`npm run projections:rebuild`) swaps fresh tables in, and every table must come out identical.
 */
export const compareWithRebuild = async ({
  db,
  eventStore,
  projectors,
  readCommittedTail,
}: {
  db: Database;
  eventStore: EventStore;
  projectors: readonly Projector[];
  readCommittedTail?: ReadCommittedTail;
}): Promise<{ violations: string[]; tables: number; rows: number }> => {
  const violations: string[] = [];
  let tables = 0;
  let rows = 0;
  for (const projector of projectors) {
    const before = await Promise.all(projector.tables.map((table) => digestOf(db, table)));
    await rebuildProjection({
      db,
      eventStore,
      projector,
      ...(readCommittedTail ? { readCommittedTail } : {}),
    });
    const after = await Promise.all(projector.tables.map((table) => digestOf(db, table)));
    projector.tables.forEach((table, index) => {
      const [live, rebuilt] = [before[index], after[index]];
      tables++;
      rows += rebuilt?.rows.length ?? 0;
      if (live && rebuilt && live.digest !== rebuilt.digest)
        violations.push(
          `${projector.name}: ${table} differs from its rebuild (${live.rows.length} rows live, ${rebuilt.rows.length} rebuilt; ${firstDifference(live.rows, rebuilt.rows)})`,
        );
    });
  }
  return { violations, tables, rows };
};

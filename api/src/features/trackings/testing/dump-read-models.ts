import { sql } from 'slonik';
import { z } from 'zod';
import type { TestApp } from '../../../testing/test-app';

/** Each trackings read model as its rows' JSON, in a fixed order (the time a row was written left out). */
const queries = {
  detail: sql.unsafe`select to_jsonb(t) - 'updated_at' as row from tracking_detail t order by tracking_id`,
  summary: sql.unsafe`select to_jsonb(t) as row from trackings_summary t order by tracking_id`,
  history: sql.unsafe`select to_jsonb(t) as row from tracking_history t order by action_id`,
  lots: sql.unsafe`select to_jsonb(t) as row from tracking_lots t order by tracking_id, lot_id`,
  states: sql.unsafe`select to_jsonb(t) as row from tracking_states t order by tracking_id, stream_revision`,
};

/** The named read models' rows, to compare what the live projections wrote with what a rebuild writes. */
export const dumpReadModels = async (app: TestApp, tables: readonly (keyof typeof queries)[]) => {
  const dumped: Partial<Record<keyof typeof queries, string>> = {};
  for (const table of tables)
    dumped[table] = JSON.stringify(
      await app.testDb.pool.any(sql.type(z.object({ row: z.unknown() }))`${queries[table]}`),
    );
  return dumped;
};

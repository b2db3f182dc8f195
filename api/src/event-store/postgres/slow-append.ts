import { streamCategory } from '@etf-replicator/core';
import pg from 'pg';
import type { SlowAppend } from '../contract/gap-check';

/**
 * Test helper for the server: appends through `es_append` inside a transaction that stays open 0–10 ms, so
 * transactions commit in a different order than their events were numbered (what a naive reader gets wrong).
 */
export const createSlowAppender = (
  url: string,
  connections = 8,
): { append: SlowAppend; close: () => Promise<void> } => {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // Dropping the test database terminates connections that are still closing; that is expected, not a failure.
  pool.on('error', () => undefined);
  return {
    append: async (streamId, event) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          'select * from es_append($1, $2, null, array[$3]::uuid[], array[$4]::text[], array[$5]::jsonb[], array[$6]::jsonb[])',
          [
            streamId,
            streamCategory(streamId),
            event.id,
            event.type,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata ?? {}),
          ],
        );
        await client.query('select pg_sleep(random() * 0.01)');
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

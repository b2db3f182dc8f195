import type { EventStore, Position, RecordedEvent } from '@etf-replicator/core';
import { etfStreamId } from '@etf-replicator/core/market-data/snapshot-event';
import type { DatabasePool } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';

const indexRow = z.object({ stream_revision: z.number(), global_position: z.string().nullable() });

/**
 * The snapshot of an ETF in force at a log position (the latest published before it), read one event at a time from
 * the `etf_snapshots` index instead of the whole stream (one VTI snapshot is 1.4 MB; a year of refreshes is hundreds
 * of MB per drift check). Snapshots read once per instance are kept for the run. When the index holds rows without a
 * position (recorded before positions were kept, until a market-data rebuild) the stream is read once, as before.
 */
export const snapshotsInForce = async (
  deps: { readonly pool: DatabasePool; readonly eventStore: EventStore },
  symbol: string,
) => {
  const index = await deps.pool.any(sql.type(indexRow)`
    select stream_revision, global_position from etf_snapshots where etf_symbol = ${symbol}
     order by stream_revision`);
  const complete = index.every((row) => row.global_position !== null);
  let wholeStream: Promise<RecordedEvent[]> | undefined;
  const byRevision = new Map<number, Promise<RecordedEvent[]>>();
  let reads = 0;

  return {
    /** The snapshot events a replay up to `position` needs: the one in force there, or none. */
    at: async (position: Position): Promise<readonly RecordedEvent[]> => {
      if (!complete) {
        if (!wholeStream) {
          reads++;
          wholeStream = deps.eventStore.readStream(etfStreamId(symbol));
        }
        return wholeStream;
      }
      const inForce = index.findLast(
        (row) => deps.eventStore.comparePositions(row.global_position as Position, position) < 0,
      );
      if (!inForce) return [];
      let read = byRevision.get(inForce.stream_revision);
      if (!read) {
        reads++;
        read = deps.eventStore.readStream(etfStreamId(symbol), {
          fromRevision: inForce.stream_revision,
          maxCount: 1,
        });
        byRevision.set(inForce.stream_revision, read);
      }
      return read;
    },
    /** Stream reads made so far (for tests: one per distinct snapshot needed). */
    reads: () => reads,
  };
};

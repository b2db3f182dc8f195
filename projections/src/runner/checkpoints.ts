import type { Position } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';
import type { DeferrableWrite } from './deferred-writes';

const positionRow = z.object({ position: z.string() });

/** '' is stored for "nothing applied yet", so that the row exists and can be locked. */
const toPosition = (stored: string | null): Position | undefined =>
  stored ? (stored as Position) : undefined;

export const readCheckpoint = async (
  db: CommonQueryMethods,
  projection: string,
): Promise<Position | undefined> =>
  toPosition(
    await db.maybeOneFirst(sql.type(positionRow)`
      select position from projection_checkpoints where projection = ${projection}`),
  );

const lockedRow = z.object({ locked_position: z.string(), parked_streams: z.array(z.string()) });

export type LockedCheckpoint = {
  readonly position: Position | undefined;
  /** Streams with a parked event for the projection: their later events must wait behind it. */
  readonly parkedStreams: Set<string>;
};

/**
 * Locks the projector's checkpoint row for the rest of the transaction (creating it first when it is missing) and
 * returns it with the projector's parked streams, read once the lock is held: ONE statement (issue 28 item 1), the
 * function `projection_lock_checkpoint` (migration 0179). Every batch takes this lock, so two runners (or a runner
 * and a rebuild swap, or a retry of parked events) can never apply the same events twice.
 */
export const lockCheckpointAndParked = async (
  db: CommonQueryMethods,
  projection: string,
): Promise<LockedCheckpoint> => {
  const row = await db.one(sql.type(lockedRow)`
    select locked_position, parked_streams from projection_lock_checkpoint(${projection})`);
  return { position: toPosition(row.locked_position), parkedStreams: new Set(row.parked_streams) };
};

/** Locks the projector's checkpoint row for the rest of the transaction and returns it (see lockCheckpointAndParked). */
export const lockCheckpoint = async (
  db: CommonQueryMethods,
  projection: string,
): Promise<Position | undefined> => (await lockCheckpointAndParked(db, projection)).position;

/** The checkpoint write as a deferrable write: inside a deferral scope it joins the page's writes in one statement. */
export const checkpointWrite = (projection: string, position: Position): DeferrableWrite => ({
  ctes: [],
  statement: sql.fragment`
    insert into projection_checkpoints (projection, position) values (${projection}, ${position})
    on conflict (projection) do update set position = excluded.position, updated_at = now()`,
});

export const writeCheckpoint = async (db: CommonQueryMethods, projection: string, position: Position) => {
  await db.query(sql.unsafe`${checkpointWrite(projection, position).statement}`);
};

export const deleteCheckpoint = async (db: CommonQueryMethods, projection: string) => {
  await db.query(sql.unsafe`delete from projection_checkpoints where projection = ${projection}`);
};

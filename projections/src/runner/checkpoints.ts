import type { Position } from '@etf-replicator/core';
import { type CommonQueryMethods, sql } from 'slonik';
import { z } from 'zod';

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

/**
 * Locks the projector's checkpoint row for the rest of the transaction and returns it. Every batch takes this
 * lock, so two runners (or a runner and a rebuild swap) can never apply the same events twice. The row almost
 * always exists: one statement then (issue 28 item 1); the first batch (or one after a rebuild dropped the row)
 * creates it first.
 */
export const lockCheckpoint = async (
  db: CommonQueryMethods,
  projection: string,
): Promise<Position | undefined> => {
  const lock = () =>
    db.maybeOne(sql.type(positionRow)`
      select position from projection_checkpoints where projection = ${projection} for update`);
  const locked = await lock();
  if (locked) return toPosition(locked.position);
  await db.query(sql.unsafe`
    insert into projection_checkpoints (projection, position) values (${projection}, '')
    on conflict (projection) do nothing`);
  const created = await lock();
  if (!created) throw new Error(`The checkpoint of ${projection} could not be created`);
  return toPosition(created.position);
};

export const writeCheckpoint = async (db: CommonQueryMethods, projection: string, position: Position) => {
  await db.query(sql.unsafe`
    insert into projection_checkpoints (projection, position) values (${projection}, ${position})
    on conflict (projection) do update set position = excluded.position, updated_at = now()`);
};

export const deleteCheckpoint = async (db: CommonQueryMethods, projection: string) => {
  await db.query(sql.unsafe`delete from projection_checkpoints where projection = ${projection}`);
};

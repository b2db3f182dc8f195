import type { EventStore } from '@etf-replicator/core';
import { sql } from 'slonik';
import { z } from 'zod';
import type { Database } from '../db/database';
import { type Projector, projectorVersion } from '../runner/projector';
import { type ReadCommittedTail, type RebuildResult, rebuildProjection } from './rebuild-projection';

const versionRow = z.object({ version: z.number() });
/** Serialises start-ups of several instances on one server database: one rebuilds, the others then find it done. */
const UPGRADE_LOCK = 'etf-replicator:upgrade-projections';

/**
 * Before serving: every projector whose stored version differs from the one its code declares is rebuilt from the
 * log (the live tables keep serving until the swap), so no reader ever decodes rows in a shape this code does not
 * write. A projector that has applied nothing yet is simply stamped with its version. A stored version newer than
 * the code's is refused: an older build must not read (or overwrite) what a newer one wrote.
 */
export const upgradeProjections = async ({
  db,
  eventStore,
  projectors,
  readCommittedTail,
}: {
  db: Database;
  eventStore: EventStore;
  projectors: readonly Projector[];
  readCommittedTail?: ReadCommittedTail;
}): Promise<RebuildResult[]> => {
  const upgrade = async () => {
    const rebuilt: RebuildResult[] = [];
    for (const projector of projectors) {
      const version = projectorVersion(projector);
      const stored = await db.pool.maybeOneFirst(sql.type(versionRow)`
        select version from projection_checkpoints where projection = ${projector.name}`);
      if (stored === null) {
        await db.pool.query(sql.unsafe`
          insert into projection_checkpoints (projection, position, version) values (${projector.name}, '', ${version})
          on conflict (projection) do nothing`);
        continue;
      }
      if (stored === version) continue;
      if (stored > version)
        throw new Error(
          `The ${projector.name} read model was written by a newer version of this application (projection version ${stored}; this build writes ${version}). Start the newer build, or rebuild it with npm run projections:rebuild.`,
        );
      rebuilt.push(
        await rebuildProjection({
          db,
          eventStore,
          projector,
          ...(readCommittedTail ? { readCommittedTail } : {}),
        }),
      );
    }
    return rebuilt;
  };
  // PGlite serves one process through one connection: nothing to serialise, and holding it would block the rebuild.
  if (db.kind === 'pglite') return upgrade();
  return db.pool.connect(async (connection) => {
    await connection.query(sql.unsafe`select pg_advisory_lock(hashtext(${UPGRADE_LOCK}))`);
    try {
      return await upgrade();
    } finally {
      await connection.query(sql.unsafe`select pg_advisory_unlock(hashtext(${UPGRADE_LOCK}))`);
    }
  });
};

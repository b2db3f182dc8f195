/**
 * Makes a restored PostgreSQL event log readable again: after `pg_dump` + restore (or a logical-replication move)
 * the stored transaction ids are above the new server's counter, the app refuses to start, and readers would see
 * nothing. Rewrites the log's ordering columns (and the positions the read models stored) in one transaction.
 * Stop every app instance first.
 *   npm run eventlog:resequence
 */
import { loadConfig } from '@etf-replicator/api';
import { resequenceEventLog } from '@etf-replicator/api/event-store/postgres/restore-safety';
import { openDatabase } from '@etf-replicator/projections';

const config = loadConfig();
if (config.eventLog.kind === 'kurrentdb') {
  console.error('EVENTSTORE_URL is set: the event log is in KurrentDB, which needs no resequencing.');
  process.exit(2);
}
const db = await openDatabase(
  config.readModels.kind === 'postgres'
    ? { url: config.readModels.url }
    : { dataDir: config.readModels.dataDir },
);
try {
  const result = await resequenceEventLog(db);
  console.log(
    result.rewritten
      ? `Resequenced ${result.events} events and ${result.checkpoints} projection checkpoints: the log is readable again. Start the app.`
      : `Nothing to do: none of the ${result.events} events has a transaction id from the future.`,
  );
} finally {
  await db.close();
}

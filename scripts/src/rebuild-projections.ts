/**
 * Replays the log into fresh read-model tables and swaps them in atomically; the API can keep serving meanwhile
 * (on a PostgreSQL server; the embedded store belongs to one process, so stop `npm start` first).
 *   npm run projections:rebuild [-- --only NAME]
 */
import { parseArgs } from 'node:util';
import { projectors } from '@etf-replicator/api';
import { rebuildProjection } from '@etf-replicator/projections';
import { openStores } from './cli/open-stores';
import { createProgressBar } from './cli/progress-bar';

const { values } = parseArgs({ options: { only: { type: 'string', multiple: true } } });
const names = projectors.map((projector) => projector.name);
const unknown = (values.only ?? []).filter((name) => !names.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${names.join(', ')}`);
  process.exit(2);
}
const selected = values.only
  ? projectors.filter((projector) => values.only?.includes(projector.name))
  : projectors;

const stores = await openStores();
try {
  for (const projector of selected) {
    const bar = createProgressBar(projector.name.padEnd(18));
    const result = await rebuildProjection({
      db: stores.db,
      eventStore: stores.eventStore,
      projector,
      onProgress: ({ applied, total }) => bar.update(applied, total),
      ...(stores.readCommittedTail ? { readCommittedTail: stores.readCommittedTail } : {}),
    });
    bar.finish(result.applied, result.applied);
  }
} finally {
  await stores.close();
}

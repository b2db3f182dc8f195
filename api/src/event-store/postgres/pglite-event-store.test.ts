import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@etf-replicator/projections';
import { describeEventStoreContract } from '../contract/event-store-contract';
import { createPostgresEventStore } from './postgres-event-store';

describeEventStoreContract(
  'PGlite (in-process, data folder)',
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'etf-pglite-'));
    let db = await openDatabase({ dataDir });
    let store = await createPostgresEventStore(db);
    return {
      store,
      reopen: async () => {
        await store.close();
        await db.close();
        db = await openDatabase({ dataDir });
        store = await createPostgresEventStore(db);
        return store;
      },
      dispose: async () => {
        await store.close();
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
  { multiStream: true },
);

import { openDatabase } from '@etf-replicator/projections';
import { createServerTestDatabaseUrl, isServerAvailable } from '@etf-replicator/projections/testing';
import { describe } from 'vitest';
import { describeEventStoreContract } from '../contract/event-store-contract';
import { createPostgresEventStore } from './postgres-event-store';
import { createSlowAppender } from './slow-append';

if (await isServerAvailable()) {
  describeEventStoreContract(
    'PostgreSQL server',
    async () => {
      const { url, drop } = await createServerTestDatabaseUrl();
      let db = await openDatabase({ url });
      let store = await createPostgresEventStore(db);
      const slow = createSlowAppender(url);
      return {
        store,
        slowAppend: slow.append,
        reopen: async () => {
          await store.close();
          await db.close();
          db = await openDatabase({ url });
          store = await createPostgresEventStore(db);
          return store;
        },
        dispose: async () => {
          await slow.close();
          await store.close();
          await db.close();
          await drop();
        },
      };
    },
    { multiStream: true },
  );
} else {
  describe.skip('EventStore contract: PostgreSQL server (UNREACHABLE: see the warning at the top of the run)', () => {});
}

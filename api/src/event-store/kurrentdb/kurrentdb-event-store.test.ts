import type { EventStore } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from '../contract/event-store-contract';
import { createKurrentDbEventStore } from './kurrentdb-event-store';

// Runs against a real KurrentDB/EventStoreDB, e.g. `docker compose up kurrentdb` and
// EVENTSTORE_URL=kurrentdb://localhost:2113?tls=false. The suite shares the server with whatever else is on it:
// every test writes to fresh, uniquely named streams and reads after its own starting head.
const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('KurrentDB', async () => {
    let store: EventStore = await createKurrentDbEventStore(url);
    return {
      store,
      // KurrentDB keeps the data; a restart here is a new client connection (slowAppend: no transactions to hold).
      reopen: async () => {
        await store.close();
        store = await createKurrentDbEventStore(url);
        return store;
      },
      dispose: () => store.close(),
    };
  });
} else {
  describe.skip('EventStore contract: KurrentDB (SKIPPED: needs EVENTSTORE_URL=kurrentdb://host:2113?tls=false)', () => {
    it('runs the shared event-store contract suite against a live server', () => {});
  });
}

describe('createKurrentDbEventStore without a server', () => {
  it('fails fast, naming the server without its credentials', async () => {
    const error = await createKurrentDbEventStore('esdb://admin:s3cret@127.0.0.1:1?tls=false').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Cannot read the event log at kurrentdb://127.0.0.1:1');
    expect((error as Error).cause).toMatchObject({ type: 'unavailable' });
  });

  it('rejects connection strings of other databases before connecting', async () => {
    await expect(createKurrentDbEventStore('postgres://localhost/app')).rejects.toThrow(/Unsupported/);
  });
});

import { createInMemoryEventStore } from '@etf-replicator/projections/testing';
import { describeEventStoreContract } from './contract/event-store-contract';

// The in-memory store backs unit tests elsewhere, so it must keep the same promises as the real adapters.
describeEventStoreContract('in memory', async () => {
  const store = createInMemoryEventStore();
  return { store, reopen: async () => store, dispose: () => store.close() };
});

import { randomUUID } from 'node:crypto';
import type { EventStore } from '@etf-replicator/core';
import type { SlowAppend } from './gap-check';

export type OpenedStore = {
  readonly store: EventStore;
  /** Closes everything and opens the same storage again (restart persistence). */
  readonly reopen: () => Promise<EventStore>;
  /** Appends one event in a transaction held open a few random milliseconds, so commits land out of order. */
  readonly slowAppend?: SlowAppend;
  readonly dispose: () => Promise<void>;
};

/** What the contract's test groups share; `store` changes when a test reopens the storage. */
export type ContractContext = { opened: OpenedStore; store: EventStore };

export const newStream = (category = 'contract') => `${category}-${randomUUID()}`;

export const event = (type: string, data: unknown, id: string = randomUUID()) => ({ id, type, data });

/**
 * On a shared server, readers only see transactions below the cluster's oldest running one (xmin), so a log read
 * right after an append may lag briefly while other sessions hold transactions open. Retry until it holds.
 */
export const eventually = async (assertion: () => Promise<void>, timeoutMs = 25_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

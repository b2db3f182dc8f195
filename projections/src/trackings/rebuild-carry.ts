import { AsyncLocalStorage } from 'node:async_hooks';
import { AppendOnlyList } from '@etf-replicator/core';
import type { Pending } from './tracking-rows';

/*
 * The rows a rebuild's pages wrote, as the trackings projector folded them (issue 28: rebuilds ≥ 30,000 events/s).
 * A pipelined rebuild (rebuild/pipelined-pages.ts) folds page N+1 while page N's write is still at the server, so
 * N+1 must not read back what N writes: it folds into N's rows from here instead. Every row a page writes is put
 * here before the next page starts, so a row found here is the latest of its tracking whatever its revision (a page
 * skips an event that breaks its schema and leaves the row a revision behind), and a tracking not found here was
 * last written by a page that has committed. The least recently written rows go beyond the bound, never those of
 * the page just folded (a page writes at most one row per event of it).
 */
const ROWS_KEPT = 5_000;
const carries = new AsyncLocalStorage<Map<string, Pending>>();

/** Runs a rebuild's replay (its pages one after the other) with a carry of its own. */
export const withRebuildCarry = <T>(replay: () => Promise<T>): Promise<T> => carries.run(new Map(), replay);

/** The row the replay's pages last wrote for `trackingId`; undefined outside a pipelined rebuild. */
export const carriedRow = (trackingId: string): Pending | undefined => carries.getStore()?.get(trackingId);

/**
 * Remembers the rows a page writes, as the stored rows read them back: without the history (the codec leaves it out)
 * and with their open lots as the tracking_lots rows will hold them.
 */
export const carryWrittenRows = (written: readonly Pending[]): void => {
  const carry = carries.getStore();
  if (!carry) return;
  for (const row of written) {
    const trackingId = row.state.trackingId;
    carry.delete(trackingId);
    carry.set(trackingId, {
      ...row,
      state: { ...row.state, actions: AppendOnlyList.empty() },
      storedLots: row.state.lots,
    });
  }
  const bound = Math.max(ROWS_KEPT, written.length);
  for (const trackingId of carry.keys()) {
    if (carry.size <= bound) break;
    carry.delete(trackingId);
  }
};

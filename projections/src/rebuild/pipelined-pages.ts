import type { RecordedEvent } from '@etf-replicator/core';

/** Applies one page in a transaction of its own, calling `beforeSend` right before its write goes to the server. */
export type ApplyPage = (events: readonly RecordedEvent[], beforeSend: () => Promise<void>) => Promise<void>;

/**
 * A rebuild's pages, each in its own transaction, with page N+1 folded and derived while page N's write is at the
 * server (issue 28: the replay's process waited for every write, 37 % of a trackings rebuild). N+1's write goes only
 * once N has committed, so the pages commit in log order; N+1 starts only once N's write went, so N-1 has committed
 * and N's rows are the only ones not yet readable (the projector carries them: Projector.pipelinedRebuild). A page
 * that does not `overlap` the one before it starts after its commit. `onCommitted` runs for each page in order.
 */
export const pipelinedPages = (
  apply: ApplyPage,
  overlaps: (previous: readonly RecordedEvent[], page: readonly RecordedEvent[]) => boolean,
) => {
  let previous: { events: readonly RecordedEvent[]; committed: Promise<void> } | undefined;
  /** The pages that may not have committed yet: the last one, and the one before it until the last one's write went. */
  let inFlight: Promise<void>[] = [];
  /** Waits for those pages (after a failure: so that none still writes when the caller cleans up). */
  const settled = async () => {
    await Promise.allSettled(inFlight);
  };
  return {
    /** Starts a page; resolves once its write went (or it committed: a page may write nothing). */
    add: async (events: readonly RecordedEvent[], onCommitted: () => void): Promise<void> => {
      try {
        if (previous && !overlaps(previous.events, events)) await previous.committed;
        const gate = previous?.committed;
        let went: () => void = () => undefined;
        const sent = new Promise<void>((resolve) => {
          went = resolve;
        });
        const committed = apply(events, async () => {
          await gate;
          went();
        }).then(onCommitted);
        previous = { events, committed };
        inFlight.push(committed);
        await Promise.race([sent, committed]);
        inFlight = [committed];
      } catch (error) {
        await settled();
        throw error;
      }
    },
    /** Resolves once every page has committed; rejects with the first failure. */
    drain: async (): Promise<void> => {
      try {
        await previous?.committed;
      } catch (error) {
        await settled();
        throw error;
      }
    },
  };
};

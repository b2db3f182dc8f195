import type { AbortSignalLike } from '@etf-replicator/core';

export type LiveLinger = {
  /**
   * Resolves after the linger's pause, or at once while someone waits for the projection; a wait that starts,
   * or the signal's abort, ends it early.
   */
  pause(projection: string, signal: AbortSignalLike): Promise<void>;
  /** Held while a caller waits for these projections: no pause of theirs starts and the running ones end. */
  hold(projections: readonly string[]): () => void;
};

/**
 * How an async projector paces its live reads (issue 28): woken by a commit, it pauses `ms` before it reads, so
 * that the commits landing meanwhile make one page (one read, one read-model transaction) instead of one each.
 * One investor sending orders one after another otherwise cost every order a page of its own in each async
 * projector. Whoever waits for a projection (read-your-writes) never waits for the pause.
 */
export const createLiveLinger = (ms: number): LiveLinger => {
  const held = new Map<string, number>();
  const pausing = new Map<string, Set<() => void>>();

  const endPauses = (projection: string) => {
    for (const end of [...(pausing.get(projection) ?? [])]) end();
  };

  return {
    pause(projection, signal) {
      if (ms <= 0 || signal.aborted || (held.get(projection) ?? 0) > 0) return Promise.resolve();
      return new Promise((resolve) => {
        const ends = pausing.get(projection) ?? new Set<() => void>();
        pausing.set(projection, ends);
        const end = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', end);
          ends.delete(end);
          resolve();
        };
        const timer = setTimeout(end, ms);
        signal.addEventListener('abort', end, { once: true });
        ends.add(end);
      });
    },

    hold(projections) {
      for (const projection of projections) {
        held.set(projection, (held.get(projection) ?? 0) + 1);
        endPauses(projection);
      }
      return () => {
        for (const projection of projections) {
          const left = (held.get(projection) ?? 1) - 1;
          if (left > 0) held.set(projection, left);
          else held.delete(projection);
        }
      };
    },
  };
};

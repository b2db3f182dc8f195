import type { AbortSignalLike } from '@etf-replicator/core';

/**
 * Lets pollers sleep until either a notification arrives or their back-off delay passes, whichever is first.
 * Notifications are hints only: a poller that misses one still wakes up on its timer.
 */
export class WakeSignal {
  readonly #waiters = new Set<() => void>();

  notify(): void {
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }

  wait(ms: number, signal: AbortSignalLike): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.#waiters.add(done);
    });
  }
}

import type { AbortSignalLike } from '@etf-replicator/core';
import { WakeSignal } from '../postgres/wake-signal';

/** The part of the client's catch-up subscription the tail uses. */
export type TailSubscription = {
  on(event: 'data', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  unsubscribe(): Promise<void>;
};

const RESTART_DELAY_MS = 5_000;

/**
 * Wakes polling subscribers as soon as KurrentDB announces a new event. One native subscription per store, from
 * the END of `$all` without system events, opened on first use; every event it delivers only cuts the pollers'
 * sleep short. It is a hint, never a source of events: if it fails, pollers keep waking on their timers and the
 * tail reopens on a later wait (at most every 5 s).
 */
export class LiveTail {
  readonly #open: () => TailSubscription;
  readonly #wake = new WakeSignal();
  readonly #now: () => number;
  #subscription: TailSubscription | undefined;
  #retryAt = 0;
  #closed = false;

  constructor(open: () => TailSubscription, now: () => number = Date.now) {
    this.#open = open;
    this.#now = now;
  }

  /** Sleeps until the next event is announced or `ms` pass, whichever comes first. */
  wait(ms: number, signal: AbortSignalLike): Promise<void> {
    this.#ensureOpen();
    return this.#wake.wait(ms, signal);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const subscription = this.#subscription;
    this.#subscription = undefined;
    this.#wake.notify();
    await subscription?.unsubscribe().catch(() => undefined);
  }

  #ensureOpen(): void {
    if (this.#closed || this.#subscription || this.#now() < this.#retryAt) return;
    let subscription: TailSubscription;
    try {
      subscription = this.#open();
    } catch {
      this.#retryAt = this.#now() + RESTART_DELAY_MS;
      return;
    }
    const dropped = () => {
      if (this.#subscription !== subscription) return;
      this.#subscription = undefined;
      this.#retryAt = this.#now() + RESTART_DELAY_MS;
      // Pollers re-read now rather than trusting a tail that may have missed announcements.
      this.#wake.notify();
    };
    subscription.on('data', () => this.#wake.notify());
    subscription.on('error', dropped);
    subscription.on('close', dropped);
    this.#subscription = subscription;
  }
}

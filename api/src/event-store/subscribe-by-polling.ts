import type {
  AbortSignalLike,
  Position,
  ReadAllOptions,
  ReadAllResult,
  SubscribeOptions,
} from '@etf-replicator/core';

export type PollingSource = {
  readonly readAll: (options: ReadAllOptions) => Promise<ReadAllResult>;
  readonly comparePositions: (a: Position, b: Position) => number;
  /** Sleeps until a write is announced or `ms` pass (notifications are only hints). */
  readonly waitForWake: (ms: number, signal: AbortSignalLike) => Promise<void>;
};

const MIN_DELAY_MS = 50;
const MAX_DELAY_MS = 1000;

/**
 * Catch-up then live on top of `readAll`: reads full pages back to back, then sleeps with a growing delay
 * (50 ms → 1 s) that a notification cuts short, then awaits the subscriber's `beforeLiveRead`. Yields a page whenever it holds events or moves the position
 * (a filtered reader must be able to checkpoint past events it does not care about).
 */
export async function* subscribeByPolling(
  { after, filter, signal, batchSize = 500, beforeLiveRead }: SubscribeOptions,
  source: PollingSource,
): AsyncGenerator<ReadAllResult> {
  let position = after;
  let delay = MIN_DELAY_MS;
  while (!signal.aborted) {
    const page = await source.readAll({
      maxCount: batchSize,
      ...(position ? { after: position } : {}),
      ...(filter ? { filter } : {}),
    });
    const moved =
      page.position !== undefined &&
      (position === undefined || source.comparePositions(page.position, position) > 0);
    if (page.events.length > 0 || moved) {
      position = page.position;
      yield page;
      delay = MIN_DELAY_MS;
    }
    if (page.events.length < batchSize && !signal.aborted) {
      await source.waitForWake(delay, signal);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
      if (beforeLiveRead && !signal.aborted) await beforeLiveRead(signal);
    }
  }
}

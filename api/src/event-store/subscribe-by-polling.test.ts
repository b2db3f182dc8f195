import type { ReadAllOptions, ReadAllResult, RecordedEvent } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { subscribeByPolling } from './subscribe-by-polling';

const event = (n: number) =>
  ({ type: 'Counted', data: { n }, globalPosition: String(n) }) as unknown as RecordedEvent;

describe('subscribeByPolling', () => {
  it('awaits beforeLiveRead after each wake-up and before the read it prompts, never between catch-up pages', async () => {
    const log = [1, 2, 3, 4, 5].map(event);
    const calls: string[] = [];
    const readAll = async ({ after, maxCount = 500 }: ReadAllOptions): Promise<ReadAllResult> => {
      const from = after === undefined ? 0 : Number(after);
      const events = log.filter((e) => Number(e.globalPosition) > from).slice(0, maxCount);
      calls.push(`read after ${from}: ${events.length}`);
      return { events, position: events.at(-1)?.globalPosition ?? after };
    };
    const controller = new AbortController();
    const pages = subscribeByPolling(
      {
        signal: controller.signal,
        batchSize: 2,
        beforeLiveRead: async () => {
          calls.push('linger');
          // What commits during the pause is in the read that follows.
          log.push(event(log.length + 1), event(log.length + 2));
        },
      },
      {
        readAll,
        comparePositions: (a, b) => Number(a) - Number(b),
        waitForWake: async () => {
          calls.push('wake');
        },
      },
    );
    const seen: number[][] = [];
    for await (const page of pages) {
      seen.push(page.events.map((e) => (e.data as { n: number }).n));
      if (seen.length === 4) controller.abort();
    }
    expect(seen).toEqual([[1, 2], [3, 4], [5], [6, 7]]);
    expect(calls).toEqual([
      'read after 0: 2',
      'read after 2: 2',
      'read after 4: 1',
      'wake',
      'linger',
      'read after 5: 2',
    ]);
  });
});

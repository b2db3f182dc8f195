import type { Position, ReadAllOptions, RecordedEvent } from '@etf-replicator/core';
import type { ProjectionStatus } from '@etf-replicator/projections';
import { describe, expect, it } from 'vitest';
import { measureProjectionLag } from './projection-lag';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const event = (n: number, secondsAgo: number) =>
  ({
    id: `e${n}`,
    globalPosition: String(n) as Position,
    recordedAt: new Date(NOW - secondsAgo * 1000),
  }) as RecordedEvent;
// A log of 5 events, the first one 50 s old and each following one 10 s younger.
const log = [1, 2, 3, 4, 5].map((n) => event(n, 60 - n * 10));
const readAll = async ({ after, maxCount }: ReadAllOptions) => {
  const events = log
    .filter((e) => after === undefined || Number(e.globalPosition) > Number(after))
    .slice(0, maxCount);
  return { events, position: events.at(-1)?.globalPosition };
};
const status = (
  name: string,
  position: number | undefined,
  extra: Partial<ProjectionStatus> = {},
): ProjectionStatus => ({
  name,
  position: position === undefined ? undefined : (String(position) as Position),
  caughtUp: position === 5,
  lastError: undefined,
  mode: 'async',
  parked: 0,
  behindForMs: 0,
  stalled: false,
  ...extra,
});

describe('measureProjectionLag', () => {
  it('counts the events after each checkpoint and the age of the oldest, up to the limit', async () => {
    const lags = await measureProjectionLag({
      eventStore: { readAll },
      projections: {
        status: async () => [
          status('done', 5),
          status('behind', 2),
          status('new', undefined, { lastError: 'boom' }),
        ],
      },
      countLimit: 4,
      now: () => NOW,
    });
    expect(lags).toEqual([
      { name: 'done', events: 0, seconds: 0, caughtUp: true, failing: false },
      { name: 'behind', events: 3, seconds: 30, caughtUp: false, failing: false },
      { name: 'new', events: 4, seconds: 50, caughtUp: false, failing: true },
    ]);
  });
});

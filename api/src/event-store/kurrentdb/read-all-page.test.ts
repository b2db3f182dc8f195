import type { Position, RecordedEvent } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { compareKurrentPositions, formatKurrentPosition } from './kurrentdb-position';
import { type PageSource, readAllPage } from './read-all-page';

/** An in-memory `$all` that reads like KurrentDB: inclusive start, server filter applied before the count. */
class FakeLog {
  readonly events: RecordedEvent[] = [];
  reads = 0;
  /** Run around each read, after the head was taken: simulate concurrent writers. */
  beforeRead: () => void = () => {};
  afterRead: () => void = () => {};

  append(streamId: string, type: string): RecordedEvent {
    const at = BigInt(1000 + this.events.length * 37);
    const event: RecordedEvent = {
      id: `${this.events.length}`,
      type,
      data: { n: this.events.length },
      metadata: {},
      streamId,
      streamRevision: 0,
      globalPosition: formatKurrentPosition({ commit: at, prepare: at }),
      recordedAt: new Date(0),
    };
    this.events.push(event);
    return event;
  }

  source(serverKeeps: (e: RecordedEvent) => boolean, accepts: (e: RecordedEvent) => boolean): PageSource {
    return {
      head: async () => this.events.at(-1)?.globalPosition,
      read: async (from, count) => {
        this.reads++;
        this.beforeRead();
        const answer = this.events
          .filter((e) => from === undefined || compareKurrentPositions(e.globalPosition, from) >= 0)
          .filter(serverKeeps)
          .slice(0, count);
        this.afterRead();
        return answer;
      },
      accepts,
      compare: compareKurrentPositions,
    };
  }
}

const all = () => true;
const ns = (events: readonly RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

/** Reads page after page until a page neither returns events nor moves, like the polling subscriber. */
const drain = async (source: PageSource, maxCount: number, after?: Position) => {
  const seen: RecordedEvent[] = [];
  let position = after;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await readAllPage(source, { after: position, maxCount });
    expect(page.events.length).toBeLessThanOrEqual(maxCount);
    seen.push(...page.events);
    const moved =
      page.position !== undefined &&
      (position === undefined || compareKurrentPositions(page.position, position) > 0);
    if (page.events.length === 0 && !moved) return { seen, position };
    if (position !== undefined && page.position !== undefined) {
      expect(compareKurrentPositions(page.position, position)).toBeGreaterThanOrEqual(0);
    }
    position = page.position;
  }
  throw new Error('did not settle');
};

describe('readAllPage', () => {
  it('answers no events and no position for an empty log', async () => {
    const log = new FakeLog();
    expect(await readAllPage(log.source(all, all), { maxCount: 5 })).toEqual({
      events: [],
      position: undefined,
    });
  });

  it('rejects a page size that is not a positive integer', async () => {
    const log = new FakeLog();
    await expect(readAllPage(log.source(all, all), { maxCount: 0 })).rejects.toThrow(RangeError);
    await expect(readAllPage(log.source(all, all), { maxCount: 1.5 })).rejects.toThrow(RangeError);
  });

  it('does not repeat the event at `after` although the server read includes it', async () => {
    const log = new FakeLog();
    const first = log.append('a-1', 'T');
    log.append('a-1', 'T');
    const page = await readAllPage(log.source(all, all), { after: first.globalPosition, maxCount: 10 });
    expect(ns(page.events)).toEqual([1]);
    expect(page.position).toBe(log.events[1]?.globalPosition);
  });

  it('stops at the last returned event when the page fills up', async () => {
    const log = new FakeLog();
    for (let i = 0; i < 5; i++) log.append('a-1', 'T');
    const page = await readAllPage(log.source(all, all), { maxCount: 2 });
    expect(ns(page.events)).toEqual([0, 1]);
    expect(page.position).toBe(log.events[1]?.globalPosition);
  });

  it('moves to the head past trailing events the filter skipped', async () => {
    const log = new FakeLog();
    log.append('a-1', 'Wanted');
    log.append('b-1', 'Wanted');
    log.append('$stats', '$statsCollected');
    const wanted = (e: RecordedEvent) => e.streamId.startsWith('a-');
    const page = await readAllPage(log.source(wanted, wanted), { maxCount: 10 });
    expect(ns(page.events)).toEqual([0]);
    expect(page.position).toBe(log.events[2]?.globalPosition);
  });

  it('recognises the end of the log in one read when the read ends exactly at the page size', async () => {
    const log = new FakeLog();
    const first = log.append('a-1', 'T');
    log.append('a-1', 'T');
    log.append('$stats-node', '$statsCollected');
    const user = (e: RecordedEvent) => !e.streamId.startsWith('$');
    const page = await readAllPage(log.source(user, user), { after: first.globalPosition, maxCount: 2 });
    expect(ns(page.events)).toEqual([1]);
    expect(page.position).toBe(log.events[2]?.globalPosition);
    expect(log.reads).toBe(1);
  });

  it('moves past everything examined when nothing matched', async () => {
    const log = new FakeLog();
    log.append('b-1', 'T');
    log.append('b-2', 'T');
    const none = () => false;
    const page = await readAllPage(log.source(none, none), { maxCount: 10 });
    expect(page).toEqual({ events: [], position: log.events[1]?.globalPosition });
  });

  it('keeps reading when the client-side filter drops events from a full server batch', async () => {
    const log = new FakeLog();
    for (let i = 0; i < 10; i++) log.append('a-1', i % 3 === 0 ? 'Wanted' : 'Other');
    const wanted = (e: RecordedEvent) => e.type === 'Wanted';
    const page = await readAllPage(log.source(all, wanted), { maxCount: 3 });
    expect(ns(page.events)).toEqual([0, 3, 6]);
    expect(page.position).toBe(log.events[6]?.globalPosition);
    expect(log.reads).toBeGreaterThan(1);
  });

  it('never moves past an event appended after the head was read', async () => {
    const log = new FakeLog();
    log.append('a-1', 'T');
    let appended: RecordedEvent | undefined;
    log.beforeRead = () => {
      appended ??= log.append('a-1', 'T');
    };
    const page = await readAllPage(log.source(all, all), { maxCount: 10 });
    // The read saw the late event (it is in the page) or it lies beyond the position; never skipped.
    const inPage = page.events.some((e) => e.id === appended?.id);
    expect(
      inPage || compareKurrentPositions(page.position as Position, appended?.globalPosition as Position) < 0,
    ).toBe(true);
  });

  it('hands out every accepted event exactly once, in order, for any page size and filter mix', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const streams = ['a-1', 'a-2', 'b-1', '$ce-a', 'c-9'];
    const types = ['Wanted', 'Other', '$>'];
    for (let round = 0; round < 60; round++) {
      const log = new FakeLog();
      const initial = Math.floor(random() * 40);
      for (let i = 0; i < initial; i++) {
        log.append(
          streams[Math.floor(random() * streams.length)] as string,
          types[Math.floor(random() * 3)] as string,
        );
      }
      // Writers keep appending while pages are read: just before a read answers, or right after it.
      let late = Math.floor(random() * 15);
      const write = () => {
        if (late > 0 && random() < 0.5) {
          late--;
          log.append(streams[Math.floor(random() * streams.length)] as string, 'Wanted');
        }
      };
      log.beforeRead = write;
      log.afterRead = write;
      const server = (e: RecordedEvent) => e.streamId.startsWith('a-') || e.streamId.startsWith('c-');
      const accepts = (e: RecordedEvent) => server(e) && e.type === 'Wanted';
      const maxCount = 1 + Math.floor(random() * 6);
      const { seen, position } = await drain(log.source(server, accepts), maxCount);
      // Resume from where the reader stopped once the writers are done: nothing may have been skipped.
      log.beforeRead = () => {};
      log.afterRead = () => {};
      const expected = log.events.filter(accepts).map((e) => e.id);
      const ids = seen.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(expected.slice(0, ids.length)).toEqual(ids);
      const { seen: rest } = await drain(log.source(server, accepts), maxCount, position);
      expect([...ids, ...rest.map((e) => e.id)]).toEqual(expected);
    }
  });
});

import { DuplicateEventIdError, type RecordedEvent } from '@etf-replicator/core';
import { describe, expect, it } from 'vitest';
import { formatKurrentPosition } from './kurrentdb-position';
import { locateBatch, type ReadStreamSlice } from './locate-batch';

const stream = (ids: readonly string[]) => {
  const events: RecordedEvent[] = ids.map((id, revision) => ({
    id,
    type: 'T',
    data: {},
    metadata: {},
    streamId: 's-1',
    streamRevision: revision,
    globalPosition: formatKurrentPosition({
      commit: BigInt(100 + revision),
      prepare: BigInt(100 + revision),
    }),
    recordedAt: new Date(0),
  }));
  const reads: [number, number | undefined][] = [];
  const read: ReadStreamSlice = async (_streamId, from, maxCount) => {
    reads.push([from, maxCount]);
    return events.slice(from, maxCount === undefined ? undefined : from + maxCount);
  };
  return { read, reads, events };
};

describe('locateBatch', () => {
  it('answers the original result when the batch sits at a candidate revision', async () => {
    const { read, reads, events } = stream(['a', 'b', 'c', 'd']);
    const result = await locateBatch(read, 's-1', ['b', 'c'], { candidates: [1], scan: false });
    expect(result).toEqual({ nextExpectedRevision: 2, position: events[2]?.globalPosition });
    expect(reads).toEqual([[1, 2]]);
  });

  it('tries candidates in order, skipping unknown, negative and repeated ones', async () => {
    const { read, reads } = stream(['a', 'b', 'c']);
    const result = await locateBatch(read, 's-1', ['c'], {
      candidates: [undefined, -1, 0, 0, 2],
      scan: false,
    });
    expect(result?.nextExpectedRevision).toBe(2);
    expect(reads).toEqual([
      [0, 1],
      [2, 1],
    ]);
  });

  it('answers undefined when the ids are not at the candidates and scanning is off', async () => {
    const { read } = stream(['a', 'b']);
    expect(await locateBatch(read, 's-1', ['x'], { candidates: [0, 1], scan: false })).toBeUndefined();
    expect(await locateBatch(read, 's-1', ['b'], { candidates: [5], scan: false })).toBeUndefined();
  });

  it('scans the whole stream when asked and no candidate matched', async () => {
    const { read, events } = stream(['a', 'b', 'c', 'd', 'e']);
    const result = await locateBatch(read, 's-1', ['c', 'd'], { candidates: [4], scan: true });
    expect(result).toEqual({ nextExpectedRevision: 3, position: events[3]?.globalPosition });
    expect(await locateBatch(read, 's-1', ['x', 'y'], { candidates: [], scan: true })).toBeUndefined();
  });

  it('rejects ids re-used in a different batch', async () => {
    const { read } = stream(['a', 'b', 'c']);
    await expect(
      locateBatch(read, 's-1', ['a', 'x'], { candidates: [0], scan: false }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(
      locateBatch(read, 's-1', ['x', 'b'], { candidates: [0], scan: false }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(locateBatch(read, 's-1', ['b', 'a'], { candidates: [], scan: true })).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    await expect(locateBatch(read, 's-1', ['x', 'c'], { candidates: [], scan: true })).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
  });

  it('treats a batch cut short by the end of the stream as a re-used id', async () => {
    const { read } = stream(['a', 'b']);
    await expect(
      locateBatch(read, 's-1', ['b', 'c'], { candidates: [1], scan: false }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
  });

  it('answers undefined for a missing stream', async () => {
    const { read } = stream([]);
    expect(await locateBatch(read, 's-1', ['a'], { candidates: [0], scan: true })).toBeUndefined();
  });

  it('needs at least one id', async () => {
    const { read } = stream([]);
    await expect(locateBatch(read, 's-1', [], { candidates: [], scan: false })).rejects.toThrow(RangeError);
  });
});

import type { Position, ReadAllResult, RecordedEvent } from '@etf-replicator/core';

/** What one page of `$all` needs from the store; small so the resume-position logic can be tested without a server. */
export type PageSource = {
  /** Position of the newest event in the log (system events included), `undefined` for an empty log. */
  readonly head: () => Promise<Position | undefined>;
  /**
   * Up to `count` events in log order that pass the server-side filter, starting AT `from` (KurrentDB reads of
   * `$all` are inclusive) or at the start of the log.
   */
  readonly read: (from: Position | undefined, count: number) => Promise<readonly RecordedEvent[]>;
  /** The client-side part of the filter (system events, the field the server could not filter on). */
  readonly accepts: (event: RecordedEvent) => boolean;
  readonly compare: (a: Position, b: Position) => number;
};

const later = (compare: PageSource['compare'], a: Position | undefined, b: Position | undefined) =>
  a === undefined ? b : b === undefined ? a : compare(a, b) >= 0 ? a : b;

/**
 * One page of at most `maxCount` accepted events strictly after `after`, with the position the next read resumes
 * from. Every event up to that position has been examined, so a filtered reader moves past what it skipped
 * without ever passing an accepted event it did not return:
 * - when the page fills up, the position is the last returned event;
 * - when the server ran out of events, everything up to the head read BEFORE the scan was examined, so the
 *   position may jump to that head (events appended since then have higher positions and are either in this page
 *   or still ahead); KurrentDB's single-writer log never makes a lower position visible later.
 * Events the client-side filter drops are skipped by reading on, so a short page always means "end of the log".
 */
export const readAllPage = async (
  source: PageSource,
  { after, maxCount }: { readonly after?: Position | undefined; readonly maxCount: number },
): Promise<ReadAllResult> => {
  if (!Number.isSafeInteger(maxCount) || maxCount < 1) {
    throw new RangeError('maxCount must be a positive integer');
  }
  const head = await source.head();
  const events: RecordedEvent[] = [];
  let examined = after;
  for (;;) {
    const wanted = maxCount - events.length;
    // One extra: the read includes the event at `examined`, which was already seen.
    const batch = await source.read(examined, wanted + 1);
    let progressed = false;
    for (const event of batch) {
      if (examined !== undefined && source.compare(event.globalPosition, examined) <= 0) continue;
      examined = event.globalPosition;
      progressed = true;
      if (source.accepts(event)) {
        events.push(event);
        if (events.length === maxCount) return { events, position: examined };
      }
    }
    const reachedEnd = batch.length < wanted + 1;
    if (reachedEnd) return { events, position: later(source.compare, examined, head) };
    // A full batch always holds a new event; guard against a server that answers otherwise.
    if (!progressed) return { events, position: examined };
  }
};

import { AppendOnlyList, type Tracking } from '@etf-replicator/core';
import type { Pending } from './tracking-rows';

/*
 * The trackings' stored rows as this process knows them without reading (issue 28 item 1): a command on a tracking
 * then folds into that row instead of reading it back (no statement, no state JSON to parse and, on a tracking with
 * 10,000 open lots, no lots to read and decode) in the append's transaction. Two sources: the row this process
 * committed inline last, and the command side's fold of the stream (`rememberFoldedTracking`): when a browser's
 * orders alternate between two server processes, the command that lost its race re-read the stream's tail, so it
 * knows the revision the other process committed. Only ever used by the inline path, and only for the row at the
 * revision just before the command's first event: stream revisions are dense and an event at a revision never
 * changes, so a row folded up to revision R is the same row whoever folded it, and anything else (a rolled-back
 * member, a restart) shows as a revision that does not follow and is read from the table as before.
 */
const ROWS_KEPT = 20_000;
const known = new Map<string, Pending>();

const keep = (trackingId: string, row: Pending) => {
  known.delete(trackingId);
  known.set(trackingId, row);
  if (known.size > ROWS_KEPT) known.delete(known.keys().next().value as string);
};

/** Remembers a committed row (called from an after-commit hook); least recently written out beyond the bound. */
export const rememberCommittedRow = (trackingId: string, row: Pending): void => keep(trackingId, row);

/**
 * Remembers a tracking as a command folded its stream up to `revision` (core's `evolve` over the same events the
 * projector folds): its open lots are what the tracking_lots rows hold at that revision. Kept without the history,
 * as the projector reads its rows (tracking-state-codec.ts), so either source folds the next event alike. A row
 * already known at that revision or later stays (a committed row also knows its last event and its time).
 */
export const rememberFoldedTracking = (trackingId: string, revision: number, state: Tracking): void => {
  const row = known.get(trackingId);
  if (state.status === 'Empty' || (row && row.revision >= revision)) return;
  keep(trackingId, {
    state: { ...state, actions: AppendOnlyList.empty() },
    revision,
    // Never written as they are: the inline path folds at least the command's first event into the row.
    at: new Date(0),
    eventId: null,
    storedLots: state.lots,
  });
};

/** The known row of `trackingId` when it is the one right before `firstRevision`, else undefined. */
export const committedRowBefore = (trackingId: string, firstRevision: number): Pending | undefined => {
  const row = known.get(trackingId);
  return row && row.revision === firstRevision - 1 ? row : undefined;
};

/** Forgets every known row, as a process that committed none of them (tests of several server processes). */
export const forgetKnownRows = (): void => known.clear();

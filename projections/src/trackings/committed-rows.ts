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
// A fold is only of use to the command right after it (the one that lost its race): a few thousand are plenty, and
// reads of trackings (the tax routes load them through the same cache) never grow this beyond that.
const FOLDS_KEPT = 2_000;
const committed = new Map<string, Pending>();
const folds = new Map<string, Pending>();

const keep = (rows: Map<string, Pending>, bound: number, trackingId: string, row: Pending) => {
  rows.delete(trackingId);
  rows.set(trackingId, row);
  if (rows.size > bound) rows.delete(rows.keys().next().value as string);
};

/** Remembers a committed row (called from an after-commit hook); least recently written out beyond the bound. */
export const rememberCommittedRow = (trackingId: string, row: Pending): void =>
  keep(committed, ROWS_KEPT, trackingId, row);

/**
 * Remembers a tracking as a command folded its stream up to `revision` (core's `evolve` over the same events the
 * projector folds): its open lots are what the tracking_lots rows hold at that revision. Kept without the history,
 * as the projector reads its rows (tracking-state-codec.ts), so either source folds the next event alike. Nothing
 * to keep when this process committed that revision itself (every successful command: its row is preferred anyway).
 */
export const rememberFoldedTracking = (trackingId: string, revision: number, state: Tracking): void => {
  if (state.status === 'Empty' || (committed.get(trackingId)?.revision ?? -1) >= revision) return;
  keep(folds, FOLDS_KEPT, trackingId, {
    state: { ...state, actions: AppendOnlyList.empty() },
    revision,
    // Never written as they are: the inline path folds at least the command's first event into the row.
    at: new Date(0),
    eventId: null,
    storedLots: state.lots,
  });
};

const before = (rows: Map<string, Pending>, trackingId: string, firstRevision: number) => {
  const row = rows.get(trackingId);
  return row && row.revision === firstRevision - 1 ? row : undefined;
};

/**
 * The known row of `trackingId` when it is the one right before `firstRevision`, else undefined: the committed one
 * first (it also knows its last event and its time).
 */
export const committedRowBefore = (trackingId: string, firstRevision: number): Pending | undefined =>
  before(committed, trackingId, firstRevision) ?? before(folds, trackingId, firstRevision);

/**
 * The latest row this process knows of `trackingId`, at whatever revision: a guess at what its next command will
 * read (the ETFs it follows, its owner), never a row to fold into (committedRowBefore is that).
 */
export const knownRow = (trackingId: string): Pending | undefined =>
  committed.get(trackingId) ?? folds.get(trackingId);

/** Forgets every known row, as a process that committed none of them (tests of several server processes). */
export const forgetKnownRows = (): void => {
  committed.clear();
  folds.clear();
};

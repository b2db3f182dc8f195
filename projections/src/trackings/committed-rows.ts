import type { Pending } from './tracking-rows';

/*
 * The trackings' stored rows as this process last committed them inline (issue 28 item 1): a command on a tracking
 * then folds into the row it wrote last instead of reading it back (one statement fewer, and no state JSON to parse,
 * in the append's transaction). Only ever used by the inline path, and only for the row at the revision just before
 * the command's first event: stream revisions are dense and an event at a revision never changes, so a row folded up
 * to revision R is the same row whoever wrote it, and anything else (another process's append, a rolled-back
 * member, a restart) shows as a revision that does not follow and is read from the table as before.
 */
const ROWS_KEPT = 20_000;
const committed = new Map<string, Pending>();

/** Remembers a committed row (called from an after-commit hook); least recently written out beyond the bound. */
export const rememberCommittedRow = (trackingId: string, row: Pending): void => {
  committed.delete(trackingId);
  committed.set(trackingId, row);
  if (committed.size > ROWS_KEPT) committed.delete(committed.keys().next().value as string);
};

/** The committed row of `trackingId` when it is the one right before `firstRevision`, else undefined. */
export const committedRowBefore = (trackingId: string, firstRevision: number): Pending | undefined => {
  const row = committed.get(trackingId);
  return row && row.revision === firstRevision - 1 ? row : undefined;
};

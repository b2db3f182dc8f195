import { AppendOnlyList, type ReadonlyList } from '@etf-replicator/core/shared/readonly-list';
import { LotBook } from '@etf-replicator/core/tracking/lot-book';
import type { Lot } from '@etf-replicator/core/tracking/lots';
import { type DatabaseTransactionConnection, sql } from 'slonik';
import { z } from 'zod';
import { decodeTrackingState, type LotJson, toLotJson } from './tracking-state-codec';

/*
 * The open lots of the trackings projection (issue 28 item 4): one `tracking_lots` row per open lot, written as the
 * lots change (a BUY inserts one row, a SELL updates or deletes the rows of the lots it closed) instead of every lot
 * rewritten in tracking_detail.state per command. What the projector folds the next event into is kept per process,
 * keyed by the last event it folded (an id no other state can have), so a command neither reads nor decodes the
 * tracking's lots; another process's write, a restart or a rebuild only makes it read them again.
 */

type Folded = ReturnType<typeof decodeTrackingState>;

/** The changes that turn the stored lots into the state's lots: rows to write (id, lot as stored) and ids to delete. */
export type LotChanges = {
  readonly put: readonly (readonly [string, LotJson])[];
  readonly gone: readonly string[];
};

const putAll = (lots: readonly Lot[]) => lots.map((lot) => [lot.lotId, toLotJson(lot)] as const);

/**
 * One symbol's changes: only the lots opened after the stored ones when those are untouched (a BUY), else by id.
 * The BUY case is found without reading the symbol's other lots when both lists share their storage (the fold
 * appended to the stored list), so a command on a tracking with 10,000 open lots costs what it costs on a fresh one.
 */
const symbolChanges = (was: ReadonlyList<Lot>, is: ReadonlyList<Lot>): LotChanges => {
  const appended =
    was instanceof AppendOnlyList && is instanceof AppendOnlyList ? is.appendedSince(was) : undefined;
  if (appended) return { put: putAll(appended), gone: [] };
  const [before, after] = [[...was], [...is]];
  if (after.length >= before.length && before.every((lot, index) => after[index] === lot))
    return { put: putAll(after.slice(before.length)), gone: [] };
  const stored = new Map(before.map((lot) => [lot.lotId, lot]));
  const put = putAll(after.filter((lot) => stored.get(lot.lotId) !== lot));
  const kept = new Set(after.map((lot) => lot.lotId));
  return { put, gone: before.filter((lot) => !kept.has(lot.lotId)).map((lot) => lot.lotId) };
};

/** What to write so that the rows holding `stored` hold `lots`: compares per symbol, unchanged symbols skipped. */
export const lotChanges = (stored: ReadonlyList<Lot>, lots: ReadonlyList<Lot>): LotChanges => {
  const [before, after] = [LotBook.from(stored), LotBook.from(lots)];
  if (before === after) return { put: [], gone: [] };
  const put: (readonly [string, LotJson])[] = [];
  const gone: string[] = [];
  for (const symbol of new Set([...before.symbols(), ...after.symbols()])) {
    const [was, is] = [before.ofSymbol(symbol), after.ofSymbol(symbol)];
    if (was === is) continue;
    const changes = symbolChanges(was, is);
    put.push(...changes.put);
    gone.push(...changes.gone);
  }
  return { put, gone };
};

/** Folded states by tracking, with the last event each folded in; bounded (least recently used out). */
const STATES_KEPT = 20_000;
const knownStates = new Map<string, { readonly eventId: string; readonly state: Folded }>();

export const rememberState = (trackingId: string, eventId: string | null, state: Folded): void => {
  knownStates.delete(trackingId);
  if (eventId === null) return;
  knownStates.set(trackingId, { eventId, state });
  if (knownStates.size > STATES_KEPT) knownStates.delete(knownStates.keys().next().value as string);
};

const lastEventOf = z.object({ lastEventId: z.string().nullable() });
const lotRow = z.object({ tracking_id: z.string(), lot: z.unknown() });

/**
 * The folded states of stored tracking_detail rows: from the per-process cache when it holds the same last event,
 * else decoded with their lots (one query for all the rows missing).
 */
export const statesOf = async (
  tx: DatabaseTransactionConnection,
  rows: readonly { readonly tracking_id: string; readonly state: unknown }[],
): Promise<Map<string, Folded>> => {
  const states = new Map<string, Folded>();
  const missing: { trackingId: string; eventId: string | null; json: unknown }[] = [];
  for (const row of rows) {
    const { lastEventId } = lastEventOf.parse(row.state);
    const known = knownStates.get(row.tracking_id);
    if (known && lastEventId !== null && known.eventId === lastEventId)
      states.set(row.tracking_id, known.state);
    else missing.push({ trackingId: row.tracking_id, eventId: lastEventId, json: row.state });
  }
  if (missing.length === 0) return states;
  const lots = new Map<string, unknown[]>();
  for (const { tracking_id, lot } of await tx.any(sql.type(lotRow)`
      select tracking_id, lot from tracking_lots
       where tracking_id = any(${sql.array(
         missing.map((row) => row.trackingId),
         'text',
       )})
       order by tracking_id, lot->>'acquiredAt', lot_id`)) {
    const own = lots.get(tracking_id);
    if (own) own.push(lot);
    else lots.set(tracking_id, [lot]);
  }
  for (const { trackingId, eventId, json } of missing) {
    const state = decodeTrackingState(json, lots.get(trackingId) ?? []);
    rememberState(trackingId, eventId, state);
    states.set(trackingId, state);
  }
  return states;
};

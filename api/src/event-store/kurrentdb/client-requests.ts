import type { Position, StreamRevision } from '@etf-replicator/core';
import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  type Filter,
  FORWARDS,
  type ReadAllOptions,
  type ReadStreamOptions,
  START,
  type SubscribeToAllOptions,
} from '@kurrent/kurrentdb-client';
import { parseKurrentPosition } from './kurrentdb-position';

/**
 * Every read option the adapter sends, in one place so a test can hand them to the real client: its native reader
 * validates them before it connects, which checks their shapes without a server.
 */

/** `maxCount` events of a stream from `fromRevision` (all of them when undefined). */
export const streamSliceRequest = (
  fromRevision: StreamRevision,
  maxCount: number | undefined,
): ReadStreamOptions => ({
  fromRevision: BigInt(fromRevision),
  direction: FORWARDS,
  ...(maxCount === undefined ? {} : { maxCount }),
});

/** The last event of a stream. */
export const lastEventRequest = (): ReadStreamOptions => ({
  fromRevision: END,
  direction: BACKWARDS,
  maxCount: 1,
});

/** The newest event of `$all`, system events included. */
export const logHeadRequest = (): ReadAllOptions => ({
  fromPosition: END,
  direction: BACKWARDS,
  maxCount: 1,
});

/** Up to `count` events of `$all` passing `filter`, starting AT `from` (inclusive) or at the start. */
export const logSliceRequest = (
  from: Position | undefined,
  count: number,
  filter: Filter,
): ReadAllOptions => ({
  fromPosition: from === undefined ? START : parseKurrentPosition(from),
  direction: FORWARDS,
  maxCount: count,
  resolveLinkTos: false,
  filter,
});

/** The live end of `$all` without system events: only used to wake pollers. */
export const liveTailRequest = (): SubscribeToAllOptions => ({
  fromPosition: END,
  resolveLinkTos: false,
  filter: excludeSystemEvents(),
});

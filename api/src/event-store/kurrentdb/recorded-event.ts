import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent, RecordedEvent } from '@etf-replicator/core';
import { type EventData, type JSONType, jsonEvent } from '@kurrent/kurrentdb-client';
import { formatKurrentPosition, type KurrentPosition } from './kurrentdb-position';

/** The fields this adapter reads from the client's recorded events (stream reads and `$all` reads alike). */
export type ClientRecordedEvent = {
  readonly id: string;
  readonly type: string;
  readonly streamId: string;
  readonly revision: bigint;
  readonly created: Date;
  readonly data: unknown;
  readonly metadata?: unknown;
  readonly position?: KurrentPosition | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const U64_MAX = (1n << 64n) - 1n;

/** Event ids as KurrentDB stores and returns them: lower-case uuids. Absent ids are generated. */
export const eventIdOf = (event: NewEvent): string => {
  const id = event.id ?? randomUUID();
  if (!UUID.test(id)) throw new TypeError(`Event id must be a uuid, got "${id}"`);
  return id.toLowerCase();
};

/** A port event as a JSON event for the client; `undefined` data is stored as `null`, like the other adapters. */
export const toEventData = (event: NewEvent, id: string): EventData =>
  jsonEvent({
    id,
    type: event.type,
    // The client types JSON payloads as object | array | string, but serialises any JSON value with
    // JSON.stringify; numbers, booleans and null round-trip through its JSON.parse on read.
    data: (event.data === undefined ? null : event.data) as JSONType,
    metadata: { ...event.metadata } as JSONType,
  });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/** The log position of a recorded event; KurrentDB reports "no position" as the largest u64. */
export const positionOf = (event: ClientRecordedEvent): KurrentPosition => {
  const { position } = event;
  if (!position || position.commit === U64_MAX || position.prepare === U64_MAX) {
    throw new Error(`KurrentDB returned event ${event.id} of ${event.streamId} without a log position`);
  }
  return position;
};

export const toRecordedEvent = (event: ClientRecordedEvent): RecordedEvent => ({
  id: event.id.toLowerCase(),
  type: event.type,
  data: event.data,
  metadata: isPlainObject(event.metadata) ? (event.metadata as EventMetadata) : {},
  streamId: event.streamId,
  streamRevision: Number(event.revision),
  globalPosition: formatKurrentPosition(positionOf(event)),
  recordedAt: event.created,
});

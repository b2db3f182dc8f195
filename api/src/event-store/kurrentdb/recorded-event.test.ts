import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ClientRecordedEvent, eventIdOf, toEventData, toRecordedEvent } from './recorded-event';

const U64_MAX = (1n << 64n) - 1n;

const clientEvent = (overrides: Partial<ClientRecordedEvent> = {}): ClientRecordedEvent => ({
  id: '0b6f3b0e-7c2a-4c38-9d0e-3a4f5b6c7d8e',
  type: 'Opened',
  streamId: 'tracking-1',
  revision: 3n,
  created: new Date('2026-11-21T10:00:00Z'),
  data: { amount: '10.00' },
  metadata: { correlationId: 'c-1', schemaVersion: 2 },
  position: { commit: 1234n, prepare: 1234n },
  ...overrides,
});

describe('eventIdOf', () => {
  it('keeps a given uuid, lower-cased as KurrentDB returns it', () => {
    expect(eventIdOf({ id: 'AB6F3B0E-7C2A-4C38-9D0E-3A4F5B6C7D8E', type: 'T', data: {} })).toBe(
      'ab6f3b0e-7c2a-4c38-9d0e-3a4f5b6c7d8e',
    );
  });

  it('generates a uuid when absent', () => {
    const id = eventIdOf({ type: 'T', data: {} });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventIdOf({ type: 'T', data: {} })).not.toBe(id);
  });

  it('rejects ids that are not uuids', () => {
    expect(() => eventIdOf({ id: 'order-1', type: 'T', data: {} })).toThrow(TypeError);
  });
});

describe('toEventData', () => {
  it('builds a JSON event with the id, type, data and metadata', () => {
    const id = randomUUID();
    const data = toEventData(
      { type: 'Opened', data: { n: 1 }, metadata: { actorUserId: null, correlationId: 'c' } },
      id,
    );
    expect(data).toEqual({
      id,
      contentType: 'application/json',
      type: 'Opened',
      data: { n: 1 },
      metadata: { actorUserId: null, correlationId: 'c' },
    });
  });

  it('stores absent metadata as an empty object and undefined data as null', () => {
    const data = toEventData({ type: 'Pinged', data: undefined }, randomUUID());
    expect(data.data).toBeNull();
    expect(data.metadata).toEqual({});
  });
});

describe('toRecordedEvent', () => {
  it('maps the client fields onto the port event', () => {
    const recorded = toRecordedEvent(clientEvent());
    expect(recorded).toEqual({
      id: '0b6f3b0e-7c2a-4c38-9d0e-3a4f5b6c7d8e',
      type: 'Opened',
      data: { amount: '10.00' },
      metadata: { correlationId: 'c-1', schemaVersion: 2 },
      streamId: 'tracking-1',
      streamRevision: 3,
      globalPosition: '00000000000000001234:00000000000000001234',
      recordedAt: new Date('2026-11-21T10:00:00Z'),
    });
  });

  it('answers empty metadata when there is none or it is not a JSON object', () => {
    expect(toRecordedEvent(clientEvent({ metadata: undefined })).metadata).toEqual({});
    expect(toRecordedEvent(clientEvent({ metadata: new Uint8Array([1, 2]) })).metadata).toEqual({});
    expect(toRecordedEvent(clientEvent({ metadata: ['a'] })).metadata).toEqual({});
    expect(toRecordedEvent(clientEvent({ metadata: 'text' })).metadata).toEqual({});
  });

  it('refuses events without a usable log position', () => {
    expect(() => toRecordedEvent(clientEvent({ position: undefined }))).toThrow(/without a log position/);
    expect(() => toRecordedEvent(clientEvent({ position: { commit: U64_MAX, prepare: U64_MAX } }))).toThrow(
      /without a log position/,
    );
  });
});

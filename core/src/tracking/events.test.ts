import { describe, expect, it } from 'vitest';
import { created, event } from '../testing/tracking-fixtures';
import type { OrderExecuted } from './events';
import { parseTrackingEvent, TRACKING_EVENT_SCHEMA_VERSIONS, toTrackingEvent } from './events';

describe('Tracking events', () => {
  const order = event<OrderExecuted>(1, 'OrderExecuted', {
    symbol: 'AAPL',
    orderType: 'BUY',
    shares: '2.5',
    price: '200.10',
    amount: '500.25',
  });

  it('read back through JSON as the same typed events', () => {
    for (const original of [created(), order]) {
      const stored = JSON.parse(JSON.stringify(original));
      expect(toTrackingEvent({ ...stored, metadata: { schemaVersion: 1 } })).toEqual(original);
    }
  });

  it('reject a payload with a float instead of a decimal string', () => {
    expect(() => parseTrackingEvent('OrderExecuted', { ...order.data, shares: 2.5 })).toThrow();
  });

  it('reject unknown types and versions newer than the code', () => {
    expect(() => parseTrackingEvent('SomethingHappened', {})).toThrow(/Unknown tracking event type/);
    expect(() => parseTrackingEvent('OrderExecuted', order.data, 2)).toThrow(/newer than this code/);
  });

  it('upcast an old version before validating it', () => {
    const upcasters = {
      TrackingDeleted: { 0: (data: unknown) => ({ occurredAt: (data as { at: string }).at }) },
    };
    expect(parseTrackingEvent('TrackingDeleted', { at: '2026-01-01T00:00:00.000Z' }, 0, upcasters)).toEqual({
      type: 'TrackingDeleted',
      data: { occurredAt: '2026-01-01T00:00:00.000Z' },
    });
  });

  it('all start at schema version 1', () => {
    expect(new Set(Object.values(TRACKING_EVENT_SCHEMA_VERSIONS))).toEqual(new Set([1]));
  });
});

import { describe, expect, it } from 'vitest';
import type { EventVersioning } from '../shared/event-versions';
import { created, event } from '../testing/tracking-fixtures';
import type { OrderExecuted, TrackingEventType } from './events';
import {
  parseTrackingEvent,
  TRACKING_EVENT_SCHEMA_VERSIONS,
  toTrackingEvent,
  trackingEventSchemaVersion,
  trackingEventUpcasters,
} from './events';

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

  it('read orders with and without a fill, an execution time and closed lots (the fields are optional, v1)', () => {
    const sale = event<OrderExecuted>(2, 'OrderExecuted', {
      symbol: 'AAPL',
      orderType: 'SELL',
      shares: '1',
      price: '200.10',
      amount: '199.5',
      fillPrice: '199.5',
      executedAt: '2026-01-01',
      lots: [{ lotId: 'evt-1', shares: '1', costPerShare: '200.1', acquiredAt: '2026-01-01T12:00:01.000Z' }],
    });
    const changed = event(3, 'LotMethodChanged', { lotMethod: 'FIFO', previousLotMethod: 'HIFO' });
    for (const original of [order, sale, changed]) {
      const stored = JSON.parse(JSON.stringify(original));
      expect(toTrackingEvent({ ...stored, metadata: { schemaVersion: 1 } })).toEqual(original);
    }
    expect(() => parseTrackingEvent('OrderExecuted', { ...sale.data, executedAt: 'yesterday' })).toThrow();
    expect(() => parseTrackingEvent('LotMethodChanged', { ...changed.data, lotMethod: 'LIFO' })).toThrow();
  });

  it('reject a payload with a float instead of a decimal string', () => {
    expect(() => parseTrackingEvent('OrderExecuted', { ...order.data, shares: 2.5 })).toThrow();
  });

  it('reject unknown types and versions newer than the code', () => {
    expect(() => parseTrackingEvent('SomethingHappened', {})).toThrow(/Unknown tracking event type/);
    expect(() => parseTrackingEvent('OrderExecuted', order.data, 3)).toThrow(/newer than this code/);
  });

  it('stamp orders, creations and lot-method changes v2, and an older build (all at v1) refuses them (issue 27 item 10)', () => {
    expect(trackingEventSchemaVersion('OrderExecuted')).toBe(2);
    // v3 since issue 30 (`index`); a v2 build refuses a v3 creation rather than read a blend as its first ETF.
    expect(trackingEventSchemaVersion('TrackingCreated')).toBe(3);
    expect(trackingEventSchemaVersion('LotMethodChanged')).toBe(2);
    const olderBuild: EventVersioning<TrackingEventType> = {
      current: {
        ...TRACKING_EVENT_SCHEMA_VERSIONS,
        OrderExecuted: 1,
        TrackingCreated: 1,
        LotMethodChanged: 1,
      },
      upcasters: {},
    };
    expect(() => parseTrackingEvent('OrderExecuted', order.data, 2, olderBuild)).toThrow(
      'OrderExecuted version 2 is newer than this code (1)',
    );
    expect(() => parseTrackingEvent('TrackingCreated', created().data, 2, olderBuild)).toThrow(
      /newer than this code/,
    );
    const v2Build = { ...olderBuild, current: { ...TRACKING_EVENT_SCHEMA_VERSIONS, TrackingCreated: 2 } };
    expect(() => parseTrackingEvent('TrackingCreated', created().data, 3, v2Build)).toThrow(
      'TrackingCreated version 3 is newer than this code (2)',
    );
    // This build reads both: v1 payloads (stored before the bump) lift unchanged.
    expect(parseTrackingEvent('OrderExecuted', order.data, 1).data).toEqual(order.data);
    expect(parseTrackingEvent('OrderExecuted', order.data, 2).data).toEqual(order.data);
  });

  describe('when a type reaches version 2', () => {
    // TrackingDeleted v1 stored `{ at }`; v2 (the schema in the code) has `{ occurredAt }`.
    const v2: EventVersioning<TrackingEventType> = {
      current: { ...TRACKING_EVENT_SCHEMA_VERSIONS, TrackingDeleted: 2 },
      upcasters: {
        ...trackingEventUpcasters,
        TrackingDeleted: { 1: (data) => ({ occurredAt: (data as { at: string }).at }) },
      },
    };
    const deleted = { type: 'TrackingDeleted', data: { occurredAt: '2026-01-01T00:00:00.000Z' } };

    it('lifts a version-1 payload through its upcaster', () => {
      expect(parseTrackingEvent('TrackingDeleted', { at: '2026-01-01T00:00:00.000Z' }, 1, v2)).toEqual(
        deleted,
      );
    });

    it('reads an event stored without a version as version 1 (the one default rule)', () => {
      expect(
        parseTrackingEvent('TrackingDeleted', { at: '2026-01-01T00:00:00.000Z' }, undefined, v2),
      ).toEqual(deleted);
    });

    it('reads a version-2 payload as it is, and refuses a version it does not know', () => {
      expect(parseTrackingEvent('TrackingDeleted', deleted.data, 2, v2)).toEqual(deleted);
      expect(() => parseTrackingEvent('TrackingDeleted', deleted.data, 3, v2)).toThrow(
        /newer than this code/,
      );
    });

    it('keeps reading the other types at version 1', () => {
      expect(parseTrackingEvent('OrderExecuted', order.data, undefined, v2)).toEqual({
        type: 'OrderExecuted',
        data: order.data,
      });
    });
  });

  it('refuses a stored version that is not a positive integer', () => {
    for (const version of [0, 1.5, '1', -1]) {
      expect(() => parseTrackingEvent('OrderExecuted', order.data, version)).toThrow(/Invalid schemaVersion/);
    }
  });

  it('stamp each type with its current version', () => {
    for (const type of Object.keys(TRACKING_EVENT_SCHEMA_VERSIONS) as TrackingEventType[]) {
      expect(trackingEventSchemaVersion(type)).toBe(TRACKING_EVENT_SCHEMA_VERSIONS[type]);
    }
    expect(() => trackingEventSchemaVersion('SomethingHappened')).toThrow(/Unknown tracking event type/);
  });

  it('are at version 1 except those whose meaning grew (v2, TrackingCreated v3)', () => {
    const atTwo = Object.entries(TRACKING_EVENT_SCHEMA_VERSIONS)
      .filter(([, version]) => version === 2)
      .map(([type]) => type)
      .sort();
    // Issue 30: the exclusion changes and the revert carry `industries` (exclusion-upcasters.test.ts).
    expect(atTwo).toEqual([
      'ActionReverted',
      'HoldingsExcluded',
      'HoldingsIncluded',
      'LotMethodChanged',
      'OrderExecuted',
    ]);
    expect(TRACKING_EVENT_SCHEMA_VERSIONS.TrackingCreated).toBe(3);
    expect(new Set(Object.values(TRACKING_EVENT_SCHEMA_VERSIONS))).toEqual(new Set([1, 2, 3]));
  });
});

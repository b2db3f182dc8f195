import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evolveTrackingQuota,
  initialTrackingQuota,
  reconcileTrackingSlots,
  type TrackingExistence,
  type TrackingQuota,
  type TrackingQuotaEvent,
} from './tracking-quota';

const IDS = ['t1', 't2', 't3', 't4', 't5'];
const BASE = Date.parse('2026-11-21T10:00:00Z');

/** A quota built by reservations and releases at arbitrary times (what a log cut by crashes can hold). */
const quotaArbitrary = fc
  .array(
    fc.record({
      reserve: fc.boolean(),
      trackingId: fc.constantFrom(...IDS),
      atMs: fc.integer({ min: 0, max: 600_000 }),
    }),
    { maxLength: 20 },
  )
  .map((steps) =>
    steps.reduce<TrackingQuota>(
      (state, { reserve, trackingId, atMs }) =>
        evolveTrackingQuota(
          state,
          reserve
            ? {
                type: 'TrackingSlotReserved',
                data: { trackingId, limit: 5, occurredAt: new Date(BASE + atMs).toISOString() },
              }
            : {
                type: 'TrackingSlotReleased',
                data: { trackingId, occurredAt: new Date(BASE).toISOString() },
              },
        ),
      initialTrackingQuota(),
    ),
  );

const factsArbitrary = fc
  .dictionary(fc.constantFrom(...IDS), fc.constantFrom<TrackingExistence>('live', 'deleted', 'absent'))
  .map((facts) => new Map(Object.entries(facts)));

const fold = (state: TrackingQuota, events: readonly TrackingQuotaEvent[]) =>
  events.reduce(evolveTrackingQuota, state);

describe('Tracking slot reconciliation', () => {
  const input = fc.record({
    quota: quotaArbitrary,
    trackings: factsArbitrary,
    nowMs: fc.integer({ min: 0, max: 1_200_000 }),
    ttlMs: fc.integer({ min: 1, max: 600_000 }),
  });

  it('leaves exactly the live trackings and the young reservations holding a slot', () => {
    fc.assert(
      fc.property(input, ({ quota, trackings, nowMs, ttlMs }) => {
        const now = new Date(BASE + nowMs);
        const after = fold(quota, reconcileTrackingSlots(quota, { trackings, now, ttlMs }));
        for (const trackingId of IDS) {
          const existence = trackings.get(trackingId);
          const held = after.active.has(trackingId);
          if (existence === undefined) expect(held).toBe(quota.active.has(trackingId));
          else if (existence === 'live') expect(held).toBe(true);
          else if (existence === 'deleted') expect(held).toBe(false);
          else {
            const age = now.getTime() - Date.parse(quota.reservedAt.get(trackingId) ?? '');
            expect(held).toBe(quota.active.has(trackingId) && age < ttlMs);
          }
        }
      }),
    );
  });

  it('decides nothing the second time (safe to run from several instances, at every start)', () => {
    fc.assert(
      fc.property(input, ({ quota, trackings, nowMs, ttlMs }) => {
        const now = new Date(BASE + nowMs);
        const after = fold(quota, reconcileTrackingSlots(quota, { trackings, now, ttlMs }));
        expect(reconcileTrackingSlots(after, { trackings, now, ttlMs })).toEqual([]);
      }),
    );
  });

  it('tags what it appends, so the log tells a reconciliation from a user action', () => {
    fc.assert(
      fc.property(input, ({ quota, trackings, nowMs, ttlMs }) => {
        const events = reconcileTrackingSlots(quota, { trackings, now: new Date(BASE + nowMs), ttlMs });
        for (const event of events) expect(event.data.reason).toBeDefined();
      }),
    );
  });
});

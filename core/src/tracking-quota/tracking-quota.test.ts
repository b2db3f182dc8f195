import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import {
  evolveTrackingQuota,
  initialTrackingQuota,
  reconcileTrackingSlots,
  releaseTrackingSlot,
  reserveTrackingSlot,
  TRACKING_LIMIT_MESSAGE,
  type TrackingQuota,
} from './tracking-quota';

const now = new Date('2026-11-21T10:00:00Z');
const fold = (state: TrackingQuota, events: ReturnType<typeof reserveTrackingSlot>) =>
  events.reduce(evolveTrackingQuota, state);

describe('Tracking quota', () => {
  it('reserves slots up to the limit and refuses the next with the spec message', () => {
    let quota = fold(
      initialTrackingQuota(),
      reserveTrackingSlot(initialTrackingQuota(), { trackingId: 't1', limit: 1, now }),
    );
    expect([...quota.active]).toEqual(['t1']);
    const attempt = () => reserveTrackingSlot(quota, { trackingId: 't2', limit: 1, now });
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(TRACKING_LIMIT_MESSAGE);
    quota = fold(quota, reserveTrackingSlot(quota, { trackingId: 't2', limit: 3, now }));
    expect(quota.active.size).toBe(2);
  });

  it('treats a repeated reservation as done', () => {
    const quota = fold(
      initialTrackingQuota(),
      reserveTrackingSlot(initialTrackingQuota(), { trackingId: 't1', limit: 1, now }),
    );
    expect(reserveTrackingSlot(quota, { trackingId: 't1', limit: 1, now })).toEqual([]);
  });

  it('frees a slot on release, once', () => {
    let quota = fold(
      initialTrackingQuota(),
      reserveTrackingSlot(initialTrackingQuota(), { trackingId: 't1', limit: 1, now }),
    );
    quota = fold(quota, releaseTrackingSlot(quota, { trackingId: 't1', now }));
    expect(quota.active.size).toBe(0);
    expect(releaseTrackingSlot(quota, { trackingId: 't1', now })).toEqual([]);
    expect(reserveTrackingSlot(quota, { trackingId: 't2', limit: 1, now })).toHaveLength(1);
  });
});

describe('Tracking slot reconciliation', () => {
  const reserved = (trackingId: string, at: Date) =>
    fold(
      initialTrackingQuota(),
      reserveTrackingSlot(initialTrackingQuota(), { trackingId, limit: 1, now: at }),
    );
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('expires a reservation whose tracking never came, once it is older than the time to live', () => {
    const quota = reserved('t1', now);
    const trackings = new Map([['t1', 'absent' as const]]);
    expect(reconcileTrackingSlots(quota, { trackings, now: later(59_000), ttlMs: 60_000 })).toEqual([]);
    expect(reconcileTrackingSlots(quota, { trackings, now: later(60_000), ttlMs: 60_000 })).toEqual([
      {
        type: 'TrackingSlotReleased',
        data: { trackingId: 't1', occurredAt: later(60_000).toISOString(), reason: 'expired' },
      },
    ]);
  });

  it('releases the slot of a deleted tracking at once and re-takes a live tracking’s lost slot', () => {
    const quota = reserved('t1', now);
    const trackings = new Map([
      ['t1', 'deleted' as const],
      ['t2', 'live' as const],
    ]);
    const events = reconcileTrackingSlots(quota, { trackings, now, ttlMs: 60_000 });
    expect(events.map((event) => [event.type, event.data.trackingId, event.data.reason])).toEqual([
      ['TrackingSlotReleased', 't1', 'tracking-deleted'],
      ['TrackingSlotReserved', 't2', 'reconciled'],
    ]);
  });
});

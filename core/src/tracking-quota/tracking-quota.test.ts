import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import {
  evolveTrackingQuota,
  initialTrackingQuota,
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

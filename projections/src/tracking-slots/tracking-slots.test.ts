import type { Position, RecordedEvent } from '@etf-replicator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModels } from '../migrate-read-models';
import { openPgliteTestDatabase, type TestDatabase } from '../testing';
import { trackingSlotsProjector } from './projector';
import { findUnsettledSlots } from './queries';

const at = '2026-01-01T00:00:00.000Z';
let position = 0;
const recorded = (streamId: string, streamRevision: number, type: string, data: object): RecordedEvent => ({
  id: `${streamId}-${streamRevision}`,
  type,
  data: { occurredAt: at, ...data },
  metadata: { schemaVersion: 1 },
  streamId,
  streamRevision,
  globalPosition: String(++position) as Position,
  recordedAt: new Date(at),
});
const created = (userId: string, trackingId: string) =>
  recorded(`tracking-${trackingId}`, 0, 'TrackingCreated', {
    trackingId,
    userId,
    symbol: 'VOO',
    targetAmount: '1000.00',
    fractionalShares: false,
    autoTracking: false,
    numberOfWeightings: 10,
  });

describe('tracking slots projector', () => {
  let test: TestDatabase;
  const apply = (...events: RecordedEvent[]) =>
    test.db.pool.transaction(async (tx) => {
      for (const event of events) await trackingSlotsProjector.handle(tx, event);
    });
  const unsettled = async (userId: string) =>
    (await findUnsettledSlots(test.db.pool, { reservedBefore: new Date('2026-01-01T00:05:00Z') }))
      .filter((slot) => slot.userId === userId)
      .map((slot) => [slot.trackingId, slot.tracking]);

  beforeAll(async () => {
    test = await openPgliteTestDatabase();
    await migrateReadModels(test.db);
  });
  afterAll(() => test.dispose());

  it('finds nothing while every slot has its tracking', async () => {
    const quota = 'trackingquota-u1';
    await apply(
      recorded(quota, 0, 'TrackingSlotReserved', { trackingId: 'a', limit: 3 }),
      created('u1', 'a'),
      recorded('tracking-a', 1, 'TrackingDeleted', {}),
      recorded(quota, 1, 'TrackingSlotReleased', { trackingId: 'a' }),
    );
    expect(await unsettled('u1')).toEqual([]);
  });

  it('finds what a crash between two commands leaves: a deleted tracking’s slot, an old reservation, a slotless tracking', async () => {
    const quota = 'trackingquota-u2';
    const events = [
      recorded(quota, 0, 'TrackingSlotReserved', { trackingId: 'b', limit: 3 }),
      created('u2', 'b'),
      recorded('tracking-b', 1, 'TrackingDeleted', {}),
      recorded(quota, 1, 'TrackingSlotReserved', { trackingId: 'c', limit: 3 }),
      recorded(quota, 2, 'TrackingSlotReserved', {
        trackingId: 'd',
        limit: 3,
        occurredAt: '2026-01-01T00:10:00Z',
      }),
      created('u2', 'e'),
    ];
    await apply(...events);
    expect(await unsettled('u2')).toEqual([
      ['b', 'deleted'],
      ['c', 'absent'],
      ['e', 'live'],
    ]);
    // Applied again (a replay), nothing changes.
    await apply(...events);
    expect(await unsettled('u2')).toHaveLength(3);
  });
});

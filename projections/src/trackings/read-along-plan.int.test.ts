import type { RecordedEvent } from '@etf-replicator/core';
import { created, OWNER, TRACKING_ID } from '@etf-replicator/core/testing/tracking-fixtures';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateReadModels } from '../migrate-read-models';
import { applyEvents } from '../runner/projector';
import { withReadAlong } from '../runner/read-along';
import { type TestDatabase, testDatabaseKinds } from '../testing';
import { derivationInputsExpression } from './derivation-inputs';
import { TRACKINGS_PROJECTION, trackingsProjector } from './projector';
import { saveTrackingSnapshot } from './sources';

// Twelve holdings: a Free plan caps a tracking at 5 weightings, Pro takes the 10 the tracking asks for.
const holdings = Array.from({ length: 12 }, (_, index) => ({
  symbol: `S${String(index).padStart(2, '0')}`,
  weightPercentage: String(20 - index),
  price: '100.00',
  priceAsOf: '2026-11-27',
  sector: null,
}));

let revision = 0;
const recorded = (streamId: string, type: string, data: unknown): RecordedEvent => ({
  id: crypto.randomUUID(),
  type,
  data,
  metadata: {},
  streamId,
  streamRevision: revision++,
  globalPosition: `0/${revision}` as RecordedEvent['globalPosition'],
  recordedAt: new Date('2026-11-27T15:00:00Z'),
});

/**
 * Issue 28: a page that changes a plan (or publishes a snapshot) derives with what it wrote, never with the inputs
 * the append's statement read along before it.
 */
describe.each(await testDatabaseKinds())('A plan change beside a read along on $name', ({ open }) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await open();
    await migrateReadModels(test.db);
    await saveTrackingSnapshot(test.db.pool, {
      symbol: 'VOO',
      eventId: '0b7e4c3e-2f7e-4e83-9d54-5b7a9f3c0001',
      asOf: '2026-11-27',
      name: 'Vanguard S&P 500 ETF',
      holdings,
    });
    const tracking = created();
    revision = 0;
    await test.db.pool.transaction((tx) =>
      applyEvents(tx, trackingsProjector, [
        recorded(`tracking-${TRACKING_ID}`, tracking.type, tracking.data),
      ]),
    );
  }, 60_000);
  afterAll(() => test?.dispose());

  const weightings = () =>
    test.db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select (view->>'effectiveNumberOfWeightings')::int as n from tracking_detail where tracking_id = ${TRACKING_ID}`);

  it('derives the owner trackings with the new plan, whatever was read along', async () => {
    expect(await weightings()).toBe(5);
    // Read along before the plan changes: the owner has no plan row yet (Free).
    const stale = await test.db.pool.oneFirst(
      sql.type(
        z.object({ along: z.unknown() }),
      )`select ${derivationInputsExpression(['VOO'], [OWNER])} as along`,
    );
    await test.db.pool.transaction((tx) =>
      withReadAlong(tx, new Map([[TRACKINGS_PROJECTION, stale]]), () =>
        applyEvents(tx, trackingsProjector, [recorded(`user-${OWNER}`, 'UserPlanChanged', { plan: 'PRO' })]),
      ),
    );
    expect(await weightings()).toBe(10);
  });
});

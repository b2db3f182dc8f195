import { randomUUID } from 'node:crypto';
import type { Position } from '@etf-replicator/core';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBundledProvider } from '../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../market-data/publish-snapshot';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

const TRACKINGS = 1000;
const count = z.object({ n: z.number() });

/**
 * Issue 21 (3): a new ETF snapshot re-derives every tracking of that ETF. Done inside the transaction that applies
 * the snapshot, it held back every other reader of the log (and on PGlite, every query) until the last tracking was
 * written. It now runs in small transactions after the append: other projectors keep applying meanwhile.
 */
describe.each(await testStores())('A new snapshot of an ETF with %s trackings, on %s', (store) => {
  let app: TestApp;
  const stale = () =>
    app.testDb.pool.oneFirst(sql.type(count)`
      select count(*)::int as n from tracking_detail
       where symbol = 'QQQ' and not deleted and snapshot_event_id is distinct from
         (select event_id from tracking_etf_snapshots where symbol = 'QQQ')`);

  beforeAll(async () => {
    app = await createTestApp({ store });
    const occurredAt = new Date().toISOString();
    for (let i = 0; i < TRACKINGS; i++) {
      const trackingId = randomUUID();
      await app.testEventStore.appendToStream(
        `tracking-${trackingId}`,
        [
          {
            type: 'TrackingCreated',
            data: {
              trackingId,
              userId: `load-${i % 50}`,
              symbol: 'QQQ',
              targetAmount: '10000',
              fractionalShares: i % 2 === 0,
              autoTracking: false,
              numberOfWeightings: 20,
              occurredAt,
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
  }, 300_000);
  afterAll(() => app?.dispose());

  it('lets the other projectors move on while the trackings are re-derived, and re-derives every one', async () => {
    const qqq = await createBundledProvider().fetchSnapshot('QQQ');
    const publishing = publishSnapshot(app.testEventStore, qqq, { replaceOtherSources: true });

    // Once the re-derivation is under way, an event for another projector (the audit log reads every event).
    const deadline = Date.now() + 120_000;
    while ((await stale()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    while ((await stale()) === TRACKINGS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const { position } = await app.testEventStore.appendToStream(
      `probe-${randomUUID()}`,
      [{ type: 'LoadProbe', data: {} }],
      { expectedRevision: 'no_stream' },
    );
    expect(
      await app.projections.waitForPosition(position as Position, {
        projections: ['audit_log'],
        timeoutMs: 120_000,
      }),
    ).toBe(true);
    // The audit log applied it before the last tracking was re-derived: nothing waited for the whole batch.
    expect(await stale()).toBeGreaterThan(0);

    await publishing;
    expect(await stale()).toBe(0);
    const views = await app.testDb.pool.any(sql.type(z.object({ priced: z.boolean() }))`
      select (view -> 'prices') ? 'AAPL' as priced from tracking_detail where symbol = 'QQQ'`);
    expect(views).toHaveLength(TRACKINGS);
    expect(views.every((row) => row.priced)).toBe(true);
    const queued = await app.testDb.pool.oneFirst(
      sql.type(count)`select count(*)::int as n from tracking_recompute_queue`,
    );
    expect(queued).toBe(0);
  }, 300_000);
});

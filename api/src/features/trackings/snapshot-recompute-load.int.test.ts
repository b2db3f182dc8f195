import { randomUUID } from 'node:crypto';
import type { Position } from '@etf-replicator/core';
import type { Projector } from '@etf-replicator/projections';
import { trackingsProjector } from '@etf-replicator/projections/trackings/projector';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBundledProvider } from '../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../market-data/publish-snapshot';
import { projectors } from '../../projectors';
import { createTestApp, type TestApp, testStores } from '../../testing/test-app';

const TRACKINGS = 1000;
const count = z.object({ n: z.number() });

/**
 * Wraps a projector's settle so that it pauses before its (n+1)-th transaction until released: the outcome cannot
 * depend on how fast either side runs. Paused between transactions, it holds no connection and no transaction id.
 */
const holdAfterTransactions = (n: number) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  let transactions: number | undefined; // counted once armed
  const around = (projector: Projector): Projector => {
    const settle = projector.settle;
    if (!settle) throw new Error(`${projector.name} has nothing to settle`);
    return {
      ...projector,
      settle: {
        ...settle,
        run: (transaction) =>
          settle.run(async (work) => {
            if (transactions !== undefined && ++transactions === n + 1) {
              reach();
              await released;
            }
            return transaction(work);
          }),
      },
    };
  };
  const arm = () => {
    transactions = 0;
  };
  return { around, arm, reached, release: () => release() };
};

/**
 * Issue 21 (3): a new ETF snapshot re-derives every tracking of that ETF. Done inside the transaction that applies
 * the snapshot, it held back every other reader of the log (and on PGlite, every query) until the last tracking was
 * written. It now runs in small transactions after the append: other projectors keep applying meanwhile. (Done in
 * one transaction, it would have nothing to hold between transactions, and the probe below would wait for it.)
 */
describe.each(await testStores())('A new snapshot of an ETF with many trackings, on %s', (store) => {
  let app: TestApp;
  const stale = () =>
    app.testDb.pool.oneFirst(sql.type(count)`
      select count(*)::int as n from tracking_detail
       where symbol = 'QQQ' and not deleted and snapshot_event_id is distinct from
         (select event_id from tracking_etf_snapshots where symbol = 'QQQ')`);

  const hold = holdAfterTransactions(2);

  beforeAll(async () => {
    app = await createTestApp({
      store,
      projectors: projectors.map((projector) =>
        projector === trackingsProjector ? hold.around(projector) : projector,
      ),
    });
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
    hold.arm();
    const publishing = publishSnapshot(app.testEventStore, qqq, { replaceOtherSources: true });

    // The re-derivation is under way (one batch written) and held between two of its transactions.
    await hold.reached;
    const underWay = await stale();
    expect(underWay).toBeGreaterThan(0);
    expect(underWay).toBeLessThan(TRACKINGS);
    try {
      // An event for another projector (the audit log reads every event) is applied meanwhile.
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
      expect(await stale()).toBe(underWay);
    } finally {
      hold.release();
    }

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

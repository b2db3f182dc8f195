import type { EtfSnapshotContent } from '@etf-replicator/core/market-data/snapshot-event';
import { getLatestSnapshot, listEtfFunds } from '@etf-replicator/projections/market-data/index';
import { isServerAvailable } from '@etf-replicator/projections/testing';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, type TestStoreKind } from '../testing/test-app';
import { createBundledProvider } from './bundled/bundled-provider';
import { importBundledMarketData } from './import-bundled';
import { publishSnapshot } from './publish-snapshot';
import { waitForMarketData } from './testing/seed-market-data';

const suite = (store: TestStoreKind) => {
  let app: TestApp;
  const provider = createBundledProvider();
  const importOnce = () => importBundledMarketData({ db: app.testDb, eventStore: app.testEventStore });
  const eventCount = async () =>
    app.testDb.pool.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from es_events`);

  beforeAll(async () => {
    app = await createTestApp({ store });
  });
  afterAll(() => app.dispose());

  it('publishes one EtfSnapshotPublished per bundled ETF and fills the read models', async () => {
    const summary = await importOnce();
    console.info(`[${store}] first bundled import took ${summary.durationMs} ms`);
    expect(summary.snapshots.map((s) => s.outcome)).toEqual(Array(11).fill('appended'));
    expect(summary.reference.map((r) => [r.dataset, r.outcome, r.rows])).toEqual([
      ['aliases', 'loaded', 42],
      ['symbols', 'loaded', 12348],
      ['prices', 'loaded', 6635],
      ['price-history', 'loaded', 60772],
    ]);
    await waitForMarketData(app, summary.snapshots);
    const funds = await listEtfFunds(app.testDb.pool);
    expect(funds.map((f) => [f.symbol, f.holdingsAvailable ? f.holdingsCount : 'unavailable'])).toEqual([
      ['DIA', 30],
      ['IVV', 503],
      ['IWM', 1920],
      ['LEAD', 'unavailable'],
      ['MTUM', 125],
      ['QQQ', 101],
      ['QUAL', 125],
      ['SPY', 504],
      ['VOO', 503],
      ['VTI', 3477],
      ['VUG', 159],
    ]);
  });

  it('appends and reloads nothing when the same data is imported again, even by two importers at once', async () => {
    const before = await eventCount();
    const runs = await Promise.all([importOnce(), importOnce()]);
    for (const run of runs) {
      expect(new Set(run.snapshots.map((s) => s.outcome))).toEqual(new Set(['unchanged']));
      expect(new Set(run.reference.map((r) => r.outcome))).toEqual(new Set(['unchanged']));
    }
    expect(await eventCount()).toBe(before);
  });

  it('stores a snapshot once when two first imports of an ETF race', async () => {
    const content: EtfSnapshotContent = { ...(await provider.fetchSnapshot('QQQ')), symbol: 'RACE' };
    const results = await Promise.all([
      publishSnapshot(app.testEventStore, content, { replaceOtherSources: false }),
      publishSnapshot(app.testEventStore, content, { replaceOtherSources: false }),
    ]);
    expect(results.map((r) => r.streamRevision)).toEqual([0, 0]);
    expect(await app.testEventStore.readStream('etf-RACE')).toHaveLength(1);
  });

  it('appends a new revision when the content changes, and again when it changes back', async () => {
    const original = await provider.fetchSnapshot('MTUM');
    const changed: EtfSnapshotContent = {
      ...original,
      holdings: original.holdings.map((h, i) => (i === 0 ? { ...h, price: '1.23' } : h)),
    };
    const toChanged = await publishSnapshot(app.testEventStore, changed, { replaceOtherSources: false });
    const back = await importOnce();
    const events = await app.testEventStore.readStream('etf-MTUM');
    expect(toChanged).toMatchObject({ outcome: 'appended', streamRevision: 1 });
    expect(back.snapshots.find((s) => s.symbol === 'MTUM')).toMatchObject({
      outcome: 'appended',
      streamRevision: 2,
    });
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    await waitForMarketData(app, back.snapshots);
    const latest = await getLatestSnapshot(app.testDb.pool, 'MTUM');
    expect(latest).toMatchObject({
      streamRevision: 2,
      contentHash: back.snapshots.find((s) => s.symbol === 'MTUM')?.contentHash,
    });
    expect(latest?.holdings[0]?.price).not.toBe('1.23');
  });

  it('never replaces another provider’s snapshot on a plain import, only when asked to', async () => {
    const fromFmp: EtfSnapshotContent = {
      ...(await provider.fetchSnapshot('QUAL')),
      source: { provider: 'fmp', reference: 'http://fmp.test/stable' },
    };
    await publishSnapshot(app.testEventStore, fromFmp, { replaceOtherSources: true });
    const plain = await importOnce();
    expect(plain.snapshots.find((s) => s.symbol === 'QUAL')?.outcome).toBe('kept-other-source');
    const forced = await importBundledMarketData({
      db: app.testDb,
      eventStore: app.testEventStore,
      replaceOtherSources: true,
    });
    expect(forced.snapshots.find((s) => s.symbol === 'QUAL')?.outcome).toBe('appended');
    await waitForMarketData(app, forced.snapshots);
  });

  it('serves the latest snapshot with decimal-string weights and prices and its as-of date', async () => {
    const voo = await getLatestSnapshot(app.testDb.pool, 'voo');
    expect(voo).toMatchObject({
      symbol: 'VOO',
      holdingsAvailable: true,
      asOf: '2025-11-19',
      asOfKind: 'retrieved',
    });
    expect(voo?.holdings[0]).toEqual({
      symbol: 'NVDA',
      name: 'NVIDIA Corp.',
      weightPercentage: '8.46',
      price: '202.89',
      priceAsOf: '2025-10-30',
      isAvailable: true,
      sector: 'Information Technology',
    });
    const lead = await getLatestSnapshot(app.testDb.pool, 'LEAD');
    expect(lead).toMatchObject({ holdingsAvailable: false, holdings: [], asOf: null });
    expect(await getLatestSnapshot(app.testDb.pool, 'NOPE')).toBeNull();
  });

  it('keeps a dated snapshot the latest at the next start; a plain import (CLI) still restores the bundle', async () => {
    const dated = await importBundledMarketData({
      db: app.testDb,
      eventStore: app.testEventStore,
      asOf: '2025-11-18',
    });
    await waitForMarketData(app, dated.snapshots);
    const ivv = dated.snapshots.find((s) => s.symbol === 'IVV');
    expect(ivv?.outcome).toBe('appended');
    const atStart = await importBundledMarketData({
      db: app.testDb,
      eventStore: app.testEventStore,
      skipPublishedBefore: true,
    });
    expect(atStart.snapshots.find((s) => s.symbol === 'IVV')?.outcome).toBe('unchanged');
    expect((await getLatestSnapshot(app.testDb.pool, 'IVV'))?.contentHash).toBe(ivv?.contentHash);
    const plain = await importOnce();
    expect(plain.snapshots.find((s) => s.symbol === 'IVV')?.outcome).toBe('appended');
    await waitForMarketData(app, plain.snapshots);
  });
};

describe('Bundled market-data import on PGlite', () => suite('pglite'));
describe.runIf(await isServerAvailable())('Bundled market-data import on PostgreSQL', () =>
  suite('postgres'),
);

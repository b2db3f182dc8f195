import { dec, trackingStreamId } from '@etf-replicator/core';
import type { TrackingDetail } from '@etf-replicator/core/contracts/trackings';
import { ledgerFactsOf } from '@etf-replicator/core/tax/ledger-facts';
import { getInvestorTrackings } from '@etf-replicator/projections/trackings/queries';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  seedMarketForTrackings,
  type TrackingClient,
  trackingClient,
} from '../features/trackings/testing/tracking-test-client';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';
import { trackingFolder } from '../trackings/tracking-streams';
import { type InvestorLedger, investorLedger } from './investor-ledger';

/** The ledger's trackings as getInvestorTrackings gives them (without the labels the ledger adds). */
const trackingRows = (investor: InvestorLedger) =>
  [...investor.trackings.values()].map(({ label: _label, ...row }) => row);

/**
 * Issue 28 item 1: a command's answer is served with the investor's ledger, which used to read back the events the
 * command had just appended. They are now fed to the cached facts; the result must equal what the log gives.
 */
describe.each(await testStores())('The ledger a command answers with, on %s', (store) => {
  let app: TestApp;
  let ann: TrackingClient;
  let trackingId: string;

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    ann = await trackingClient(app, { plan: 'PRO' });
    trackingId = ((await ann.create('QQQ', '10000')).body as { trackingId: string }).trackingId;
    expect((await ann.executeSuggested(trackingId)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await app?.dispose();
  });

  it('reads none of its own events back, and holds the same facts as a read of the whole stream', async () => {
    const detail: TrackingDetail = await ann.detail(trackingId);
    const held = detail.currentReplication.investments.find((line) => dec(line.numberOfShares).gte(2));
    if (!held) throw new Error('the tracking holds no line of 2 shares or more');
    const reads = vi.spyOn(app.eventStore, 'readStream');
    try {
      for (const order of [
        { symbol: held.symbol, shares: '2', orderType: 'BUY' as const },
        { symbol: held.symbol, shares: '1', orderType: 'BUY' as const },
      ])
        expect((await ann.execute(trackingId, order)).status).toBe(200);
      expect(reads.mock.calls.filter(([streamId]) => streamId === trackingStreamId(trackingId))).toEqual([]);
    } finally {
      reads.mockRestore();
    }
    // A SELL too (its closes name lots), then the cached facts against the facts of the whole stream.
    expect(
      (await ann.execute(trackingId, { symbol: held.symbol, shares: '1', orderType: 'SELL' })).status,
    ).toBe(200);
    const { facts } = await investorLedger(app, ann.userId);
    const stream = await app.eventStore.readStream(trackingStreamId(trackingId));
    expect(facts.length).toBeGreaterThan(detail.currentReplication.investments.length);
    expect(facts).toEqual(ledgerFactsOf(trackingId, stream.map(trackingFolder.parse), 0));
  });

  const created = async (investor: TrackingClient) => {
    const response = await investor.create('QQQ', '5000');
    expect(response.status).toBe(200);
    return (response.body as { trackingId: string }).trackingId;
  };

  it("reads the trackings of the ledgers asked together in one statement, each user's as a read of its own", async () => {
    const investors = await Promise.all([1, 2, 3].map(() => trackingClient(app, { plan: 'PRO' })));
    for (const investor of investors) await created(investor);
    const without = await trackingClient(app, { plan: 'PRO' });
    const users = [...investors, ann, without, ann].map((investor) => investor.userId);
    const sent = vi.spyOn(app.db.pool, 'any');
    let ledgers: InvestorLedger[];
    try {
      ledgers = await Promise.all(users.map((userId) => investorLedger(app, userId)));
      const lists = sent.mock.calls.filter(([query]) =>
        /from tracking_detail\s+where user_id/.test(query.sql),
      );
      expect(lists).toHaveLength(1);
    } finally {
      sent.mockRestore();
    }
    for (const [index, userId] of users.entries())
      expect(trackingRows(ledgers[index] as InvestorLedger)).toEqual(
        await getInvestorTrackings(app.db.pool, userId),
      );
    expect(ledgers[4]?.trackings.size).toBe(0);
  });

  it('sees a tracking created just before it is asked (read-your-writes)', async () => {
    const investor = await trackingClient(app, { plan: 'PRO' });
    const first = await created(investor);
    expect([...(await investorLedger(app, investor.userId)).trackings.keys()]).toEqual([first]);
    const second = await created(investor);
    expect([...(await investorLedger(app, investor.userId)).trackings.keys()]).toEqual([first, second]);
  });
});

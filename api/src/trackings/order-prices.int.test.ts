import type { Tracking } from '@etf-replicator/core';
import { readStoredTrackingState } from '@etf-replicator/projections/trackings/queries';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { seedMarketForTrackings, trackingClient } from '../features/trackings/testing/tracking-test-client';
import { createTestApp, type TestApp, testStores } from '../testing/test-app';
import { orderPrices } from './order-prices';

type Active = Exclude<Tracking, { status: 'Empty' }>;

/**
 * Issue 28: the snapshot prices of the orders that arrive together are read in one statement (order-prices.ts);
 * each command still gets exactly what a statement of its own would read at that moment.
 */
describe.each(await testStores())('Order prices on %s', (store) => {
  let app: TestApp;
  const states = new Map<string, Active>();

  beforeAll(async () => {
    app = await createTestApp({ store });
    await seedMarketForTrackings(app);
    for (const symbol of ['QQQ', 'VOO']) {
      const investor = await trackingClient(app, { plan: 'PRO' });
      const { trackingId } = (await investor.create(symbol, '10000')).body as { trackingId: string };
      const state = await readStoredTrackingState(app.db.pool, trackingId);
      if (!state) throw new Error(`no ${symbol} tracking`);
      states.set(symbol, state);
    }
  }, 180_000);
  afterAll(async () => {
    await app?.dispose();
  });

  const stateOf = (symbol: string): Active => {
    const state = states.get(symbol);
    if (!state) throw new Error(`no ${symbol} tracking`);
    return state;
  };
  /** The statement every command sent before: the ETF's holdings asked, priced above zero. */
  const ownStatement = async (etfSymbol: string, symbols: readonly string[]) =>
    new Map(
      (
        await app.db.pool.any(sql.type(z.object({ symbol: z.string(), price: z.string() }))`
          select symbol, price::text as price from etf_holdings
           where etf_symbol = ${etfSymbol} and symbol = any(${sql.array([...symbols], 'text')}) and price > 0`)
      ).map((row) => [row.symbol, row.price]),
    );
  const holdings = async (etfSymbol: string) =>
    app.db.pool.anyFirst(sql.type(z.object({ symbol: z.string() }))`
      select symbol from etf_holdings where etf_symbol = ${etfSymbol} and price > 0 order by weight_percentage desc
       limit 3`);
  const sorted = (prices: ReadonlyMap<string, string>) => [...prices].sort(([a], [b]) => (a < b ? -1 : 1));

  it('reads the prices of orders asked together in one statement, each as its own statement gives them', async () => {
    const qqq = await holdings('QQQ');
    const voo = await holdings('VOO');
    const asks: [string, string[]][] = [
      ['QQQ', [...qqq, 'NOT-HELD']],
      ['QQQ', [qqq[0] as string]],
      ['VOO', [...voo, voo[0] as string]],
      ['QQQ', ['NOT-HELD']],
    ];
    const sent = vi.spyOn(app.db.pool, 'any');
    let answers: Map<string, string>[];
    try {
      answers = await Promise.all(
        asks.map(([etf, symbols]) => orderPrices(app.db.pool, stateOf(etf), symbols)),
      );
      expect(sent.mock.calls.filter(([query]) => query.sql.includes('etf_holdings'))).toHaveLength(1);
    } finally {
      sent.mockRestore();
    }
    for (const [index, [etf, symbols]] of asks.entries())
      expect(sorted(answers[index] as Map<string, string>)).toEqual(sorted(await ownStatement(etf, symbols)));
    expect(answers[0]?.size).toBe(3);
    expect(answers[3]?.size).toBe(0);
  });

  it('gives the price the snapshot holds when it is asked, not one read before (read-your-writes)', async () => {
    const [moved, dropped] = await holdings('QQQ');
    if (!moved || !dropped) throw new Error('QQQ holds fewer than two priced symbols');
    const before = await orderPrices(app.db.pool, stateOf('QQQ'), [moved, dropped]);
    expect(before.size).toBe(2);
    await app.db.pool.query(sql.unsafe`
      update etf_holdings set price = case when symbol = ${moved} then price + 1 else 0 end
       where etf_symbol = 'QQQ' and symbol in (${moved}, ${dropped})`);
    const after = await orderPrices(app.db.pool, stateOf('QQQ'), [moved, dropped]);
    expect(after.get(moved)).not.toBe(before.get(moved));
    expect(sorted(after)).toEqual(sorted(await ownStatement('QQQ', [moved, dropped])));
    expect(after.has(dropped)).toBe(false);
  });
});

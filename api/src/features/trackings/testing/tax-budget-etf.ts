import type { SnapshotHolding } from '@etf-replicator/core/market-data/snapshot-event';
import { createBundledProvider } from '../../../market-data/bundled/bundled-provider';
import { publishSnapshot } from '../../../market-data/publish-snapshot';
import type { TestApp } from '../../../testing/test-app';
import type { TrackingClient } from './tracking-test-client';

/** The small ETF of the gains-budget worked example (issue 31): AAA and BBB 45 % each, ZZZ 10 %. */
export const TAX_BUDGET_ETF = 'TXB';

const holding = (symbol: string, weightPercentage: string, price: string, asOf: string): SnapshotHolding => ({
  symbol,
  rawSymbol: symbol,
  name: `${symbol} Inc.`,
  weightPercentage,
  price,
  priceAsOf: asOf,
  priceSource: 'test',
  isAvailable: true,
  sharesNumber: null,
  marketValue: null,
  cusip: null,
  isin: null,
  updated: asOf,
  sector: 'Technology',
});

/** Publishes TXB (the bundled QQQ's fund facts, three holdings) and waits until the projections have it. */
export const publishTaxBudgetEtf = async (app: TestApp) => {
  const qqq = await createBundledProvider().fetchSnapshot('QQQ');
  const asOf = qqq.asOf.pricesTo ?? qqq.asOf.holdings ?? '2026-01-02';
  const content = {
    ...qqq,
    symbol: TAX_BUDGET_ETF,
    fund: { ...qqq.fund, name: 'Tax Budget Example ETF' },
    holdings: [
      holding('AAA', '45', '100', asOf),
      holding('BBB', '45', '50', asOf),
      holding('ZZZ', '10', '100', asOf),
    ],
    sectors: [],
  };
  const result = await publishSnapshot(app.testEventStore, content, { replaceOtherSources: true });
  if (!(await app.projections.waitForPosition(result.position as never, { timeoutMs: 60_000 })))
    throw new Error('Projections did not catch up with the TXB snapshot');
};

/**
 * A new $5,000 TXB tracking of the imported `rows`, following TXB's top 2 (AAA and BBB: ZZZ is outside its index).
 * Returns its id.
 */
export const importTopTwoTracking = async (
  client: TrackingClient,
  rows: readonly { symbol: string; shares: string; costBasis: string; acquired: string }[],
): Promise<string> => {
  const imported = await client.call('POST', '/api/trackings/import', {
    symbol: TAX_BUDGET_ETF,
    targetInvestmentAmount: '5000',
    rows,
  });
  if (imported.status !== 200) throw new Error(`import answered ${imported.status}`);
  const trackingId = (imported.body as { trackingId: string }).trackingId;
  const top2 = await client.call(
    'POST',
    `/api/trackings/${trackingId}/changeNumberOfWeightings?numberOfWeightings=2`,
  );
  if (top2.status !== 200) throw new Error(`top 2 answered ${top2.status}`);
  return trackingId;
};

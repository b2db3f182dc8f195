import {
  type ActiveTracking,
  type Decimal,
  dec,
  type EtfStock,
  harvestCandidates,
  type LossLots,
  type MinLoss,
  nyTradeDate,
  type PendingBuy,
  type Purchase,
  purchasesOf,
  replacementsFor,
  sameIssuer,
  type TrackingEvent,
  trackingStreamId,
  type WashSale,
  washSaleStatus,
} from '@etf-replicator/core';
import { getEtfHoldings } from '@etf-replicator/projections/market-data/fund-queries';
import { getTrackingRecord, getTrackingsSummary } from '@etf-replicator/projections/trackings/queries';
import type { FastifyInstance } from 'fastify';
import { trackingFolder } from './tracking-streams';

/** The tracking's events, read and validated from its stream. */
export const readTrackingEvents = async (
  app: FastifyInstance,
  trackingId: string,
): Promise<TrackingEvent[]> =>
  (await app.eventStore.readStream(trackingStreamId(trackingId))).map((recorded) =>
    trackingFolder.parse(recorded),
  );

export type HarvestContext = {
  readonly stocks: readonly EtfStock[];
  readonly prices: ReadonlyMap<string, Decimal>;
  readonly today: string;
  readonly candidates: (minLoss: MinLoss) => LossLots[];
  readonly replacements: (symbol: string) => EtfStock[];
  readonly washSale: (candidate: LossLots) => WashSale;
};

/**
 * What harvesting needs besides the tracking itself: its ETF's latest holdings (weights, sectors, names, prices),
 * and, across ALL of the owner's live trackings, the BUYs still counting and the BUYs their targets suggest now
 * (the wash-sale window looks 30 days back and forward). The owner's trackings are few (plan-limited).
 */
export const harvestContext = async (
  app: FastifyInstance,
  tracking: ActiveTracking,
  now: Date = new Date(),
): Promise<HarvestContext> => {
  // Tax dates are New York trade dates (issue 26): today is New York's date.
  const today = nyTradeDate(now.toISOString());
  const holdings = await getEtfHoldings(app.db.pool, tracking.symbol);
  const stocks: EtfStock[] = holdings.map((holding) => ({
    symbol: holding.symbol,
    name: holding.name,
    sector: holding.sector,
    weight: dec(holding.weightPercentage),
    price: holding.price === null ? null : dec(holding.price),
  }));
  const prices = new Map(tracking.lastPrices);
  for (const stock of stocks) if (stock.price?.gt(0)) prices.set(stock.symbol, stock.price);
  const names = new Map(stocks.map((stock) => [stock.symbol, stock.name]));

  const { trackings } = await getTrackingsSummary(app.db.pool, tracking.userId);
  const purchases: Purchase[] = [];
  const pendingBuys: PendingBuy[] = [];
  for (const other of trackings) {
    const own = other.trackingId === tracking.trackingId;
    const label = own ? `${other.symbol} (this)` : other.symbol;
    purchases.push(...purchasesOf(await readTrackingEvents(app, other.trackingId), label));
    // This tracking's own suggestions do not count: after the harvest its replacement stands in for the stock.
    if (own) continue;
    const record = await getTrackingRecord(app.db.pool, other.trackingId);
    for (const order of record?.detail.adjustmentOrders ?? [])
      if (order.orderType === 'BUY')
        pendingBuys.push({ symbol: order.symbol, shares: order.shares, trackingLabel: other.symbol });
  }
  const held = new Set(tracking.positions.keys());
  return {
    stocks,
    prices,
    today,
    candidates: (minLoss) => harvestCandidates(tracking.lots, prices, minLoss, today),
    replacements: (symbol) => replacementsFor(symbol, stocks, held),
    washSale: (candidate) =>
      washSaleStatus({
        symbol: candidate.symbol,
        sellingLotIds: new Set(candidate.lots.map((lot) => lot.lotId)),
        today,
        purchases,
        pendingBuys,
        isSameSecurity: (other) =>
          sameIssuer(
            { symbol: candidate.symbol, name: names.get(candidate.symbol) ?? null },
            { symbol: other, name: names.get(other) ?? null },
          ),
      }),
  };
};

import { createHash } from 'node:crypto';
import {
  buildPortfolio,
  combinedPricesAsOf,
  type Decimal,
  type EventStore,
  type Netted,
  netOrders,
  type PortfolioTrackingInput,
  portfolioGains,
} from '@etf-replicator/core';
import type { PortfolioResponse } from '@etf-replicator/core/contracts/portfolio';
import {
  getPortfolioSourcesVersion,
  getPortfolioTrackingViews,
  getStockInfo,
} from '@etf-replicator/projections/trackings/portfolio-queries';
import type { FastifyInstance } from 'fastify';
import { investorLedger } from '../../tax/investor-ledger';
import { withTaxBudget } from '../../tax/tax-budget-detail';
import { holdBackBuys, nyToday } from '../../tax/wash-windows';
import { planOf } from '../../trackings/market-context';
import { portfolioInput, portfolioLabels } from './portfolio-inputs';

/**
 * The investor's portfolio (issue 29), derived on read from the trackings read model's stored views (one query by
 * user) and the investor's tax ledger, combined in core and kept per user keyed by its version: what every tracking
 * row was written at (revision, write time, deleted), today's New York date (wash-sale windows end, the tax year
 * turns) and whether the plan may record netted orders. The tracking views are written inline with every command,
 * so the portfolio is read-your-writes exactly when the tracking detail is; a command costs nothing extra, and a
 * read that finds its version cached costs one small query. Nothing is stored: a new process builds the same.
 */
export type LoadedPortfolio = {
  readonly version: string;
  readonly response: PortfolioResponse;
  /** The response as JSON, serialized once per version. */
  readonly json: string;
  readonly netted: readonly Netted[];
};

/** The revision `GET /api/portfolio` names (ETag `"p<revision>"`): a digest of the version. */
export const portfolioRevisionOf = (version: string): string =>
  createHash('sha256').update(version).digest('base64url').slice(0, 22);

const KEPT = 2_000;
const caches = new WeakMap<EventStore, Map<string, LoadedPortfolio>>();
const cacheOf = (store: EventStore) => {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  return cache;
};

export const loadPortfolio = async (
  app: FastifyInstance,
  user: { readonly userId: string; readonly plan?: string | undefined },
): Promise<LoadedPortfolio> => {
  const canExecuteNetted = planOf(user.plan) !== null;
  const today = nyToday();
  const sources = await getPortfolioSourcesVersion(app.db.pool, user.userId);
  const version = `${user.userId}|${canExecuteNetted ? 'paid' : 'free'}|${today}|${sources}`;
  const cache = cacheOf(app.eventStore);
  const cached = cache.get(user.userId);
  if (cached?.version === version) return cached;
  const built = await buildLoaded(app, user.userId, { version, today, canExecuteNetted });
  cache.delete(user.userId);
  cache.set(user.userId, built);
  if (cache.size > KEPT) cache.delete(cache.keys().next().value as string);
  return built;
};

const buildLoaded = async (
  app: FastifyInstance,
  userId: string,
  { version, today, canExecuteNetted }: { version: string; today: string; canExecuteNetted: boolean },
): Promise<LoadedPortfolio> => {
  const views = await getPortfolioTrackingViews(app.db.pool, userId);
  const investor = await investorLedger(app, userId);
  const labels = portfolioLabels(views);
  const trackings: PortfolioTrackingInput[] = [];
  for (const view of views) {
    // The orders the tracking's detail serves: its gains budget's (with the lots each SELL closes), minus held BUYs.
    const detail = await withTaxBudget(app, { ...view, userId }, investor, today);
    trackings.push(
      portfolioInput(
        { ...view, detail },
        labels.get(view.trackingId) ?? view.symbol,
        holdBackBuys(investor, detail.adjustmentOrders, today).orders,
      ),
    );
  }
  const symbols = new Set(
    trackings.flatMap((tracking) => [...tracking.positions, ...tracking.target].map((line) => line.symbol)),
  );
  const info = await getStockInfo(
    app.db.pool,
    views.map((view) => view.symbol),
    [...symbols],
  );
  const anyPrice = new Map<string, Decimal>();
  for (const tracking of trackings)
    for (const [symbol, price] of tracking.prices) if (!anyPrice.has(symbol)) anyPrice.set(symbol, price);
  const own = new Map(trackings.map((tracking) => [tracking.trackingId, tracking.prices]));
  const gains = portfolioGains(investor.ledger, {
    trackingIds: new Set(own.keys()),
    priceOf: (trackingId, symbol) => own.get(trackingId)?.get(symbol) ?? anyPrice.get(symbol) ?? null,
    today,
  });
  const response = buildPortfolio(trackings, {
    revision: portfolioRevisionOf(version),
    info,
    gains,
    pricesAsOf: combinedPricesAsOf(views.map((view) => view.detail.pricesAsOf)),
    canExecuteNetted,
  });
  return { version, response, json: JSON.stringify(response), netted: netOrders(trackings) };
};

import {
  type ActiveTracking,
  addDays,
  type Decimal,
  dec,
  type EtfStock,
  harvestCandidates,
  type LossLots,
  type MinLoss,
  replacementsFor,
  type TrackingEvent,
  trackingStreamId,
  type WashSale,
} from '@etf-replicator/core';
import type { PriceAlert } from '@etf-replicator/core/market-data/price-alerts';
import { openPartsOn, taxPartsOf } from '@etf-replicator/core/tax/harvest-tax-parts';
import { lossLotCloses } from '@etf-replicator/core/tax/harvesting';
import { openWindows } from '@etf-replicator/core/tax/ledger';
import { previewSale } from '@etf-replicator/core/tax/ledger-preview';
import type { LedgerLot } from '@etf-replicator/core/tax/ledger-types';
import { getEtfHoldings } from '@etf-replicator/projections/market-data/fund-queries';
import type { FastifyInstance } from 'fastify';
import { priceAlertsOf } from '../market-data/corporate-actions/price-alerts';
import { investorLedger } from '../tax/investor-ledger';
import { nyToday, windowsOfSecurity } from '../tax/wash-windows';
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
  /** Held symbols whose price move no recorded action explains (issue 32 item 2): no harvest is offered for them. */
  readonly flagged: ReadonlyMap<string, PriceAlert>;
  /** Replacements offered for `symbol`: never one inside an open wash-sale window of the investor. */
  readonly replacements: (symbol: string) => EtfStock[];
  /** Every stock that could replace `symbol` (same ETF and sector, not held), windows aside: the command's list. */
  readonly allowedReplacements: (symbol: string) => EtfStock[];
  /** What selling the candidate's lots today would disallow (replacements already bought) and keep deductible. */
  readonly preview: (candidate: LossLots) => { disallowed: Decimal; deductible: Decimal };
  /** The harvest's own check: refused (409) when its replacement is inside a window (A → B, then B → A). */
  readonly replacementWindow: (replacement: string) => WashSale;
  /** The tracking's open lot parts in the investor's ledger as a sale on `tradeDate` finds them (issue 26). */
  readonly ledgerParts: (tradeDate: string) => LedgerLot[];
};

/**
 * What harvesting needs besides the tracking itself (issue 26: one window rule, from the investor's ledger): its
 * ETF's latest holdings (weights, sectors, names, prices) and the investor's wash-sale ledger across ALL their
 * trackings. A recent buy no longer blocks a harvest (the preview shows what it disallows); a suggested buy elsewhere
 * blocks nothing (the window holds it back instead).
 */
export const harvestContext = async (
  app: FastifyInstance,
  tracking: ActiveTracking,
  now: Date = new Date(),
): Promise<HarvestContext> => {
  const today = nyToday(now);
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
  const investor = await investorLedger(app, tracking.userId);
  const windows = openWindows(investor.ledger, today);
  const held = new Set(tracking.positions.keys());
  // Loss and term by the ledger's adjusted basis and holding period, not the lots' raw cost and date.
  const ledgerParts = (tradeDate: string) =>
    investor.memo(`harvest-parts:${tracking.trackingId}:${tradeDate}`, () =>
      openPartsOn(investor.ledger, investor.facts, tradeDate, tracking.trackingId, {
        securityKeyOf: investor.securityKeyOf,
      }),
    );
  const heldShares = [...tracking.positions].filter(([, shares]) => shares.gt(0)).map(([symbol]) => symbol);
  const alerts = await priceAlertsOf(app.eventStore, app.db.pool, tracking, heldShares);
  const flagged = new Map(alerts.map((alert) => [alert.symbol, alert]));
  return {
    stocks,
    prices,
    today,
    flagged,
    candidates: (minLoss) =>
      harvestCandidates(tracking.lots, prices, minLoss, today, taxPartsOf(ledgerParts(today))).filter(
        (lots) => !flagged.has(lots.symbol),
      ),
    ledgerParts,
    allowedReplacements: (symbol) => replacementsFor(symbol, stocks, held),
    replacements: (symbol) =>
      replacementsFor(symbol, stocks, held).filter(
        (stock) => windowsOfSecurity(investor, windows, stock.symbol).length === 0,
      ),
    preview: (candidate) => {
      const { disallowed, deductible } = previewSale(
        investor.ledger,
        investor.facts,
        {
          saleId: `preview:${candidate.symbol}`,
          trackingId: tracking.trackingId,
          symbol: candidate.symbol,
          soldOn: today,
          pricePerShare: candidate.price,
          closes: lossLotCloses(candidate.lots),
          harvestId: null,
        },
        { securityKeyOf: investor.securityKeyOf },
      );
      return { disallowed, deductible };
    },
    replacementWindow: (replacement) => {
      const window = windowsOfSecurity(investor, windows, replacement)[0];
      if (!window) return { status: 'clear' };
      const what =
        window.symbol === replacement ? replacement : `${window.symbol} (a share class of ${replacement})`;
      return {
        status: 'blocked',
        until: addDays(window.until, 1),
        reason: `${what} was sold at a loss on ${window.soldOn}: buying ${replacement} as the replacement would disallow that loss (wash sale). Pick another replacement.`,
      };
    },
  };
};

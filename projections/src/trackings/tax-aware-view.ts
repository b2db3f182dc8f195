import {
  type ActiveTracking,
  type Decimal,
  dec,
  decimalMax,
  type ExclusionOptions,
  type HoldingInput,
  type Lot,
  type TaxAwareInput,
  type TaxAwareReplication,
  type TaxBudget,
  toMoneyString,
  ZERO,
} from '@etf-replicator/core';
import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';

/**
 * What the gains budget (issue 31) needs besides the folded tracking, from the investor's tax ledger: the year's net
 * gain its sales already realised and its open lots with their adjusted basis and holding-period start.
 */
export type TaxAwareFacts = {
  readonly realisedNetGain: string;
  readonly lots: readonly Lot[];
};

/** The engine's inputs for a tracking, as the detail derives them (derive-tracking-view.ts). */
export type EngineSetup = {
  readonly holdings: readonly HoldingInput[];
  /** A: what the orders may spend (positions at today's prices plus cash, capped at the target). */
  readonly budget: Decimal;
  readonly numberOfWeightings: number;
  readonly shareIncrement: string;
  readonly exclusions?: ExclusionOptions;
  readonly prices: ReadonlyMap<string, string>;
  readonly today: string;
};

/** The tracking as the tax-aware engine reads it: the cash the BUYs may use is A minus the positions' value. */
export const taxAwareInput = (
  tracking: ActiveTracking,
  setup: EngineSetup,
  facts: TaxAwareFacts,
): TaxAwareInput => {
  const positionsValue = [...tracking.positions].reduce(
    (sum, [symbol, shares]) => sum.add(shares.mul(dec(setup.prices.get(symbol) ?? '0'))),
    ZERO,
  );
  return {
    holdings: setup.holdings,
    amount: toMoneyString(setup.budget),
    numberOfWeightings: setup.numberOfWeightings,
    shareIncrement: setup.shareIncrement,
    ...(setup.exclusions ? { exclusions: setup.exclusions } : {}),
    positions: Object.fromEntries(
      [...tracking.positions].map(([symbol, shares]) => [symbol, shares.toFixed()]),
    ),
    lots: facts.lots,
    cash: decimalMax(ZERO, setup.budget.sub(positionsValue)).toFixed(),
    prices: Object.fromEntries(setup.prices),
    lotMethod: tracking.settings.lotMethod,
    today: setup.today,
    realisedNetGain: facts.realisedNetGain,
  };
};

/** The engine's budget from the tracking's setting. */
export const engineTaxBudget = (setting: {
  readonly maxNetGain: string | null;
  readonly allowShortTermGains: boolean;
}): TaxBudget => ({ maxNetGain: setting.maxNetGain, allowShortTermGains: setting.allowShortTermGains });

/**
 * The orders with, on each SELL, the lots it closes (merged per lot: a lot whose shares carry two bases after a wash
 * sale is named once at the broker).
 */
export const ordersWithLots = (result: TaxAwareReplication): AdjustmentOrderLine[] =>
  result.orders.map((order) => {
    const sell = order.orderType === 'SELL' ? result.sells.find((s) => s.symbol === order.symbol) : undefined;
    if (!sell) return { symbol: order.symbol, orderType: order.orderType, shares: order.shares };
    const merged = new Map<
      string,
      {
        lotId: string | null;
        shares: Decimal;
        acquiredAt: string | null;
        costPerShare: string | null;
        gain: Decimal;
        term: 'SHORT' | 'LONG' | null;
      }
    >();
    for (const close of sell.closes) {
      const key = close.lotId ?? '';
      const seen = merged.get(key);
      merged.set(key, {
        lotId: close.lotId,
        shares: (seen?.shares ?? ZERO).add(dec(close.shares)),
        acquiredAt: seen?.acquiredAt ?? close.acquiredAt,
        costPerShare: seen && seen.costPerShare !== close.costPerShare ? null : close.costPerShare,
        gain: (seen?.gain ?? ZERO).add(dec(close.gain)),
        term: seen && seen.term !== close.term ? 'SHORT' : close.term,
      });
    }
    return {
      symbol: order.symbol,
      orderType: order.orderType,
      shares: order.shares,
      lots: [...merged.values()].map((lot) => ({
        lotId: lot.lotId,
        shares: lot.shares.toFixed(),
        acquiredAt: lot.acquiredAt,
        costPerShare: lot.costPerShare,
        gain: lot.gain.toFixed(),
        term: lot.term,
      })),
    };
  });

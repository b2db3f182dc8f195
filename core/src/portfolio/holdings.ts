import type { PortfolioHolding } from '../contracts/portfolio';
import { type Decimal, decimalMin, sumDecimals, toDecimalString, ZERO } from '../shared/decimal';
import type { PortfolioTrackingInput, StockInfo } from './types';

/** Percentages (weights, rates) are written to 4 decimals; money and shares stay exact. */
export const percentText = (value: Decimal): string => toDecimalString(value.toDecimalPlaces(4));
const percentOf = (part: Decimal, whole: Decimal): Decimal =>
  whole.isZero() ? ZERO : part.div(whole).mul(100);

type Part = {
  trackingId: string;
  shares: Decimal;
  value: Decimal;
  targetShares: Decimal;
  targetValue: Decimal;
};
type Stock = { symbol: string; price: Decimal | null; parts: Map<string, Part> };

export type CombinedHoldings = {
  readonly holdings: PortfolioHolding[];
  readonly sectors: { sector: string; weight: string; targetWeight: string }[];
  /** Σ position values (no cash). */
  readonly investedValue: Decimal;
  /** Σ target values (no leftover). */
  readonly targetInvestedValue: Decimal;
  /** Σ_stocks min(held weight, target weight), percent. */
  readonly replicationRate: Decimal;
};

/** The stocks of every tracking, by symbol, with each tracking's part (the order of first appearance kept). */
const stocksOf = (trackings: readonly PortfolioTrackingInput[]): Map<string, Stock> => {
  const stocks = new Map<string, Stock>();
  const partOf = (tracking: PortfolioTrackingInput, symbol: string): Part => {
    let stock = stocks.get(symbol);
    if (!stock) {
      stock = { symbol, price: null, parts: new Map() };
      stocks.set(symbol, stock);
    }
    stock.price ??= tracking.prices.get(symbol) ?? null;
    let part = stock.parts.get(tracking.trackingId);
    if (!part) {
      part = {
        trackingId: tracking.trackingId,
        shares: ZERO,
        value: ZERO,
        targetShares: ZERO,
        targetValue: ZERO,
      };
      stock.parts.set(tracking.trackingId, part);
    }
    return part;
  };
  for (const tracking of trackings) {
    for (const line of tracking.positions) {
      if (line.shares.isZero()) continue;
      const part = partOf(tracking, line.symbol);
      part.shares = part.shares.add(line.shares);
      part.value = part.value.add(line.value);
    }
    for (const line of tracking.target) {
      if (line.shares.isZero()) continue;
      const part = partOf(tracking, line.symbol);
      part.targetShares = part.targetShares.add(line.shares);
      part.targetValue = part.targetValue.add(line.value);
    }
  }
  return stocks;
};

/**
 * Every stock across the trackings (issue 29 item 1): shares and value held, the combined target (each tracking's
 * target summed by stock), weights in percent of the invested value (positions without cash) and of the combined
 * target's invested value, and the trackings holding or targeting each. The portfolio's replication rate is
 * Σ min(held weight, target weight): the share of the invested money that sits where the combined target wants it.
 */
export const combineHoldings = (
  trackings: readonly PortfolioTrackingInput[],
  info: ReadonlyMap<string, StockInfo>,
): CombinedHoldings => {
  const stocks = [...stocksOf(trackings).values()].map((stock) => {
    const parts = [...stock.parts.values()];
    return {
      stock,
      parts,
      shares: sumDecimals(parts.map((part) => part.shares)),
      value: sumDecimals(parts.map((part) => part.value)),
      targetShares: sumDecimals(parts.map((part) => part.targetShares)),
      targetValue: sumDecimals(parts.map((part) => part.targetValue)),
    };
  });
  const investedValue = sumDecimals(stocks.map((stock) => stock.value));
  const targetInvestedValue = sumDecimals(stocks.map((stock) => stock.targetValue));
  const weighed = stocks.map((stock) => ({
    ...stock,
    weight: percentOf(stock.value, investedValue),
    targetWeight: percentOf(stock.targetValue, targetInvestedValue),
  }));
  const replicationRate = sumDecimals(weighed.map((stock) => decimalMin(stock.weight, stock.targetWeight)));
  weighed.sort(
    (a, b) =>
      b.value.comparedTo(a.value) ||
      b.targetValue.comparedTo(a.targetValue) ||
      (a.stock.symbol < b.stock.symbol ? -1 : 1),
  );
  const holdings = weighed.map(
    ({ stock, parts, shares, value, targetShares, targetValue, weight, targetWeight }): PortfolioHolding => ({
      symbol: stock.symbol,
      name: info.get(stock.symbol)?.name ?? null,
      sector: info.get(stock.symbol)?.sector ?? null,
      price: stock.price ? toDecimalString(stock.price) : null,
      shares: toDecimalString(shares),
      value: toDecimalString(value),
      weight: percentText(weight),
      targetShares: toDecimalString(targetShares),
      targetValue: toDecimalString(targetValue),
      targetWeight: percentText(targetWeight),
      trackings: [...parts]
        .sort((a, b) => b.value.comparedTo(a.value) || b.targetValue.comparedTo(a.targetValue))
        .map((part) => ({
          trackingId: part.trackingId,
          shares: toDecimalString(part.shares),
          value: toDecimalString(part.value),
          targetShares: toDecimalString(part.targetShares),
        })),
    }),
  );
  const bySector = new Map<string, { weight: Decimal; targetWeight: Decimal }>();
  for (const stock of weighed) {
    const sector = info.get(stock.stock.symbol)?.sector ?? 'Unknown';
    const sum = bySector.get(sector) ?? { weight: ZERO, targetWeight: ZERO };
    bySector.set(sector, {
      weight: sum.weight.add(stock.weight),
      targetWeight: sum.targetWeight.add(stock.targetWeight),
    });
  }
  const sectors = [...bySector.entries()]
    .sort(
      ([a, x], [b, y]) =>
        y.targetWeight.comparedTo(x.targetWeight) || y.weight.comparedTo(x.weight) || (a < b ? -1 : 1),
    )
    .map(([sector, sum]) => ({
      sector,
      weight: percentText(sum.weight),
      targetWeight: percentText(sum.targetWeight),
    }));
  return { holdings, sectors, investedValue, targetInvestedValue, replicationRate };
};

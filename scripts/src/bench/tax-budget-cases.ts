import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { D, dec, type Lot, type TaxAwareInput, type TaxBudget } from '@etf-replicator/core';
import type { BundledEtf } from './load-etfs';

/** The day the bundle prices every stock (prices.csv): the sale date of the tax-budget cases. */
export const TAX_TODAY = '2025-10-30';
/** Earlier real closes of each fund in data/etf/history: two long-term lot dates, two short-term ones. */
const LOT_DATES = ['2022-10-03', '2024-10-30', '2025-02-19', '2025-09-30'] as const;
const LOT_SHARE = [0.4, 0.3, 0.2, 0.1];
const PORTFOLIO = 250_000;
const CASH = '2000';
const OUTSIDE = 5;

/** A number in [0, 1) from a string (FNV-1a): the same case on every run, without randomness. */
const unit = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
};

const fundCloses = (dataDir: string, symbol: string): Map<string, number> => {
  const closes = new Map<string, number>();
  for (const line of readFileSync(join(dataDir, 'history', `${symbol}.csv`), 'utf8')
    .split('\n')
    .slice(1)) {
    const [date, close] = line.split(',');
    if (date && close) closes.set(date, Number(close));
  }
  return closes;
};

/**
 * An investor who imports a $250,000 portfolio built from the fund's holdings: each priced holding at its fund
 * weight times a drift in [0.3, 1.8) (so some are over, some under target), bought in four lots at the fund's real
 * closes on LOT_DATES (cost = today's price × the fund's close then / its close today × a per-stock factor in
 * [0.8, 1.3): the bundle holds one close per stock, so the spread between stocks is synthetic, the market's moves
 * real), plus five stocks outside the fund (a long-term lot each). Whole shares, cash $2,000, A = all of it.
 */
export const taxBudgetCase = (
  dataDir: string,
  etf: BundledEtf,
  outsidePrices: ReadonlyMap<string, string>,
  lotMethod: TaxAwareInput['lotMethod'],
): TaxAwareInput | null => {
  let closes: Map<string, number>;
  try {
    closes = fundCloses(dataDir, etf.symbol);
  } catch {
    return null;
  }
  const today = closes.get(TAX_TODAY);
  if (!today) return null;
  const priced = etf.holdings.filter((holding) => holding.isAvailable && holding.price !== null);
  const weightSum = priced.reduce((sum, holding) => sum + Number(holding.weightPercentage), 0);
  const positions: Record<string, string> = {};
  const lots: Lot[] = [];
  let value = dec(CASH);
  const hold = (symbol: string, price: string, dollars: number, dates: readonly string[]) => {
    const shares = Math.floor(dollars / Number(price));
    if (shares <= 0) return;
    let left = shares;
    dates.forEach((date, k) => {
      const lotShares = k === dates.length - 1 ? left : Math.floor(shares * LOT_SHARE[k]!);
      if (lotShares <= 0) return;
      left -= lotShares;
      const ratio = (closes.get(date) ?? today) / today;
      const factor = 0.8 + 0.5 * unit(`${symbol}|${date}`);
      lots.push({
        lotId: `${symbol}-${date}`,
        symbol,
        shares: new D(lotShares),
        costPerShare: dec(price)
          .mul(ratio * factor)
          .toDecimalPlaces(2),
        acquiredAt: date,
        costKnown: true,
        dateKnown: true,
      });
    });
    positions[symbol] = String(shares);
    value = value.add(dec(price).mul(shares));
  };
  for (const holding of priced) {
    const drift = 0.3 + 1.5 * unit(`${etf.symbol}|${holding.symbol}`);
    hold(
      holding.symbol,
      holding.price!,
      (PORTFOLIO * Number(holding.weightPercentage) * drift) / weightSum,
      LOT_DATES,
    );
  }
  const inFund = new Set(etf.holdings.map((holding) => holding.symbol));
  const prices: Record<string, string> = {};
  const outside = [...outsidePrices].filter(([symbol]) => !inFund.has(symbol)).slice(0, OUTSIDE);
  for (const [symbol, price] of outside) {
    prices[symbol] = price;
    hold(symbol, price, 3000, [LOT_DATES[0]]);
  }
  return {
    holdings: priced.map((holding) => ({
      symbol: holding.symbol,
      weightPercentage: holding.weightPercentage,
      price: holding.price,
    })),
    amount: value.toFixed(2),
    shareIncrement: '0',
    positions,
    lots,
    cash: CASH,
    prices,
    lotMethod,
    today: TAX_TODAY,
    realisedNetGain: '0',
  };
};

/** Budgets from $0 to no limit; short-term gains allowed except in one case. */
export const TAX_BUDGETS: readonly TaxBudget[] = [
  { maxNetGain: '0', allowShortTermGains: true },
  { maxNetGain: '1000', allowShortTermGains: true },
  { maxNetGain: '5000', allowShortTermGains: true },
  { maxNetGain: '5000', allowShortTermGains: false },
  { maxNetGain: '20000', allowShortTermGains: true },
  { maxNetGain: null, allowShortTermGains: true },
];

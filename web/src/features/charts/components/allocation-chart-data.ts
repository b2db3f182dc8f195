import { dec, ZERO } from '@etf-replicator/core/shared/decimal';

type Line = { symbol: string; amountInvested: string };
export type AllocationPoint = { symbol: string; current: number; target: number };

/** Bars shown at most; the rest are summed into one 'Others' bar so a 500-holding tracking stays readable. */
export const MAX_ALLOCATION_BARS = 12;
export const OTHERS = 'Others';

/**
 * Current and target value (USD) per holding, largest target first, then holdings only held (liquidations).
 * Sums are exact (decimal.js); numbers are made only for the chart, rounded to cents.
 */
export const allocationChartData = (
  current: readonly Line[],
  target: readonly Line[],
  maxBars = MAX_ALLOCATION_BARS,
): AllocationPoint[] => {
  const sums = new Map<string, { current: ReturnType<typeof dec>; target: ReturnType<typeof dec> }>();
  const entry = (symbol: string) => {
    const found = sums.get(symbol) ?? { current: ZERO, target: ZERO };
    sums.set(symbol, found);
    return found;
  };
  for (const line of target)
    entry(line.symbol).target = entry(line.symbol).target.add(dec(line.amountInvested));
  for (const line of current)
    entry(line.symbol).current = entry(line.symbol).current.add(dec(line.amountInvested));
  const rows = [...sums]
    .map(([symbol, value]) => ({ symbol, ...value }))
    .sort((a, b) => b.target.cmp(a.target) || b.current.cmp(a.current) || a.symbol.localeCompare(b.symbol));
  const kept = rows.length > maxBars ? rows.slice(0, maxBars - 1) : rows;
  const rest = rows.slice(kept.length);
  const toPoint = (
    symbol: string,
    value: { current: ReturnType<typeof dec>; target: ReturnType<typeof dec> },
  ) => ({
    symbol,
    current: value.current.toDecimalPlaces(2).toNumber(),
    target: value.target.toDecimalPlaces(2).toNumber(),
  });
  const points = kept.map((row) => toPoint(row.symbol, row));
  if (rest.length > 0) {
    points.push(
      toPoint(OTHERS, {
        current: rest.reduce((sum, row) => sum.add(row.current), ZERO),
        target: rest.reduce((sum, row) => sum.add(row.target), ZERO),
      }),
    );
  }
  return points;
};

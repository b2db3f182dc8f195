import { dec, toDecimalString, ZERO } from '../shared/decimal';
import type { HoldingInput } from './types';
import { isExcludedByUser } from './universe';

export type SectorWeight = { readonly sector: string; readonly weightPercentage: string };

/** Each sector's weight in the fund (Σ of its holdings' weights, percent), largest first; holdings without one skipped. */
export const sectorWeights = (holdings: readonly HoldingInput[]): SectorWeight[] => {
  const totals = new Map<string, ReturnType<typeof dec>>();
  for (const holding of holdings) {
    if (!holding.sector) continue;
    totals.set(holding.sector, (totals.get(holding.sector) ?? ZERO).add(dec(holding.weightPercentage)));
  }
  return [...totals]
    .sort(([a, x], [b, y]) => y.comparedTo(x) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([sector, weight]) => ({ sector, weightPercentage: toDecimalString(weight) }));
};

/** The fund weight (percent) the exclusions leave out. */
export const excludedWeight = (
  holdings: readonly HoldingInput[],
  exclusions: {
    readonly symbols: readonly string[];
    readonly sectors: readonly string[];
    readonly industries?: readonly string[];
  },
): string => {
  const symbols = new Set(exclusions.symbols);
  const sectors = new Set(exclusions.sectors);
  const industries = new Set(exclusions.industries ?? []);
  let total = ZERO;
  for (const holding of holdings)
    if (isExcludedByUser(holding, symbols, sectors, industries))
      total = total.add(dec(holding.weightPercentage));
  return toDecimalString(total);
};

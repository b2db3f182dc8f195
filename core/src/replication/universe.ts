import { type Decimal, type DecimalInput, dec } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import { exactSum, readNumeric } from './numeric-input';
import type { ExcludedHolding, ExclusionOptions, HoldingInput } from './types';

export type UniverseItem = {
  readonly symbol: string;
  /** Percent of the ETF, as given (exact). */
  readonly weightValue: DecimalInput;
  readonly priceValue: DecimalInput;
  /** The same as floats, for ordering and the search. */
  readonly weight: number;
  readonly price: number;
  readonly weightDecimals: number;
  readonly priceDecimals: number;
};

/**
 * The ETF as the engine sees it. Only the selected items ever become Decimal objects, and only where exactness
 * matters, so a 3,500-holding fund costs little when the user copies its top 10.
 */
export type Universe = {
  /** Top-N tradable holdings, weight descending, ties by symbol ascending. */
  readonly items: readonly UniverseItem[];
  /** Σ weight of `items` (percent), exact: the ETF coverage. */
  readonly weightSum: Decimal;
  /** Weight of every holding (tradable or not), for the ETF replication rate. */
  readonly fundWeights: ReadonlyMap<string, DecimalInput>;
  /** Price of every tradable holding (also outside the top N). */
  readonly prices: ReadonlyMap<string, DecimalInput>;
  readonly excluded: readonly ExcludedHolding[];
};

const bySymbol = (a: { symbol: string }, b: { symbol: string }) =>
  a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;

/** Weight descending (exact on float ties), then symbol ascending: the canonical order. */
export const compareCanonical = (a: UniverseItem, b: UniverseItem): number =>
  b.weight - a.weight || exactTie(a.weightValue, b.weightValue) || bySymbol(a, b);

/** Equal floats: decide exactly, without building Decimals for the common case of identical text. */
const exactTie = (a: DecimalInput, b: DecimalInput): number =>
  typeof a === 'string' && a === b ? 0 : dec(b).comparedTo(dec(a));

/** Whether the user's exclusions leave this holding out (by its symbol, its sector or its industry). */
export const isExcludedByUser = (
  holding: Pick<HoldingInput, 'symbol' | 'sector' | 'industry'>,
  symbols: ReadonlySet<string>,
  sectors: ReadonlySet<string>,
  industries: ReadonlySet<string> = NO_NAMES,
): boolean =>
  symbols.has(holding.symbol) ||
  (holding.sector != null && sectors.has(holding.sector)) ||
  (holding.industry != null && industries.has(holding.industry));

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Splits holdings into tradable (price > 0) and excluded, orders the tradable ones canonically (so the result never
 * depends on input order) and keeps the top `numberOfWeightings`. Holdings the user excluded (`exclusions`) are
 * not tradable, but keep their fund weight (the ETF replication rate stays against the whole ETF) and their price.
 */
export const selectUniverse = (
  holdings: readonly HoldingInput[],
  numberOfWeightings?: number | null,
  exclusions: Pick<ExclusionOptions, 'symbols' | 'sectors' | 'industries'> = {},
): Universe => {
  const excludedSymbols = new Set(exclusions.symbols ?? []);
  const excludedSectors = new Set(exclusions.sectors ?? []);
  const excludedIndustries = new Set(exclusions.industries ?? []);
  const userExcludes = excludedSymbols.size + excludedSectors.size + excludedIndustries.size > 0;
  if (numberOfWeightings != null && (!Number.isInteger(numberOfWeightings) || numberOfWeightings < 1)) {
    throw new DomainError(
      'INVALID_NUMBER_OF_WEIGHTINGS',
      'validation',
      'The number of weightings must be a whole number of at least 1',
      'numberOfWeightings',
    );
  }
  const fundWeights = new Map<string, DecimalInput>();
  const prices = new Map<string, DecimalInput>();
  const tradable: UniverseItem[] = [];
  const excluded: ExcludedHolding[] = [];
  for (const holding of holdings) {
    const symbol = holding.symbol.trim();
    if (symbol === '')
      throw new DomainError('INVALID_HOLDING', 'validation', 'A holding has no symbol', 'symbol');
    if (fundWeights.has(symbol)) {
      throw new DomainError('DUPLICATE_HOLDING', 'validation', `Holding ${symbol} appears twice`, 'symbol');
    }
    const weight = readNumeric(holding.weightPercentage);
    if (weight === null) {
      throw new DomainError(
        'INVALID_HOLDING',
        'validation',
        `Holding ${symbol}: the weight is not a number ≥ 0`,
      );
    }
    fundWeights.set(symbol, holding.weightPercentage);
    if (holding.price == null || holding.price === '') {
      excluded.push({ symbol, reason: 'NO_PRICE' });
      continue;
    }
    const price = readNumeric(holding.price);
    if (price === null || price.value <= 0) {
      excluded.push({ symbol, reason: 'INVALID_PRICE' });
      continue;
    }
    prices.set(symbol, holding.price);
    if (
      userExcludes &&
      isExcludedByUser(
        { symbol, sector: holding.sector, industry: holding.industry },
        excludedSymbols,
        excludedSectors,
        excludedIndustries,
      )
    )
      continue;
    tradable.push({
      symbol,
      weightValue: holding.weightPercentage,
      priceValue: holding.price,
      weight: weight.value,
      price: price.value,
      weightDecimals: weight.decimals,
      priceDecimals: price.decimals,
    });
  }
  tradable.sort(compareCanonical);
  const items = numberOfWeightings == null ? tradable : tradable.slice(0, numberOfWeightings);
  const weightSum = exactSum(
    items.map((item) => item.weightValue),
    items.map((item) => ({ value: item.weight, decimals: item.weightDecimals })),
  );
  if (items.length === 0 || weightSum.isZero()) {
    throw new DomainError(
      'NO_TRADABLE_HOLDINGS',
      'validation',
      'None of the selected holdings has both a price and a weight, so the ETF cannot be replicated',
    );
  }
  excluded.sort(bySymbol);
  return { items, weightSum, fundWeights, prices, excluded };
};

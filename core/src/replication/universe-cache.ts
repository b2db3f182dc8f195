import type { DecimalInput } from '../shared/decimal';
import type { ExclusionOptions, HoldingInput } from './types';
import { selectUniverse, type Universe } from './universe';

/** A universe and its target weights by symbol, as the rates read them. */
export type MeasuredUniverse = {
  readonly universe: Universe;
  readonly weights: ReadonlyMap<string, DecimalInput>;
};

/** Universes kept per holdings list: one per top N and exclusions asked of it (a snapshot sees few of each). */
const PER_HOLDINGS = 32;

const byHoldings = new WeakMap<readonly HoldingInput[], Map<string, MeasuredUniverse>>();

const keyOf = (
  numberOfWeightings: number | null | undefined,
  exclusions: Pick<ExclusionOptions, 'symbols' | 'sectors' | 'industries'>,
) =>
  JSON.stringify([
    numberOfWeightings ?? null,
    exclusions.symbols ?? [],
    exclusions.sectors ?? [],
    exclusions.industries ?? [],
  ]);

/**
 * selectUniverse, kept per holdings list (issue 28): every command measures its tracking against the same snapshot,
 * whose holdings list the snapshot cache hands out as one array, so the hundred or thousands of weights are read
 * and ordered once per snapshot instead of once per command. Keyed by the array itself (a WeakMap: a list nobody
 * holds any more takes its universes with it); holdings lists are never changed in place. Invalid input is not
 * kept: it throws, as selectUniverse does, on every call.
 */
export const measuredUniverse = (
  holdings: readonly HoldingInput[],
  numberOfWeightings?: number | null,
  exclusions: Pick<ExclusionOptions, 'symbols' | 'sectors' | 'industries'> = {},
): MeasuredUniverse => {
  const key = keyOf(numberOfWeightings, exclusions);
  let kept = byHoldings.get(holdings);
  const known = kept?.get(key);
  if (known) return known;
  const universe = selectUniverse(holdings, numberOfWeightings, exclusions);
  const measured = {
    universe,
    weights: new Map(universe.items.map((item) => [item.symbol, item.weightValue] as const)),
  };
  if (!kept) {
    kept = new Map();
    byHoldings.set(holdings, kept);
  }
  if (kept.size >= PER_HOLDINGS) kept.clear();
  kept.set(key, measured);
  return measured;
};

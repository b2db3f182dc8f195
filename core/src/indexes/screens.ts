import type { HoldingInput } from '../replication/types';
import { D, dec, ZERO } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';

/**
 * Values screens (issue 30): named sets of GICS sub-industries, as the bundled classification spells them
 * (data/etf/sectors.csv, `industry` column: the GICS Sub-Industry of S&P 500 names, from the S&P 500 constituents
 * list; see data/etf/SOURCES.md). Each screen's list is shown to the user as it is here.
 */
export type IndustryScreen = {
  readonly id: string;
  readonly name: string;
  readonly industries: readonly string[];
};

export const INDUSTRY_SCREENS: readonly IndustryScreen[] = [
  { id: 'tobacco', name: 'Tobacco', industries: ['Tobacco'] },
  { id: 'aerospace-defence', name: 'Aerospace & defence', industries: ['Aerospace & Defense'] },
  {
    id: 'fossil-fuels',
    name: 'Fossil fuels',
    industries: [
      'Coal & Consumable Fuels',
      'Integrated Oil & Gas',
      'Oil & Gas Drilling',
      'Oil & Gas Equipment & Services',
      'Oil & Gas Exploration & Production',
      'Oil & Gas Refining & Marketing',
      'Oil & Gas Storage & Transportation',
    ],
  },
  { id: 'casinos-gaming', name: 'Casinos & gaming', industries: ['Casinos & Gaming'] },
];

/** The industries of the named screens, each once, sorted; an unknown screen is refused (400). */
export const screenIndustries = (ids: readonly string[]): string[] => {
  const industries = new Set<string>();
  for (const id of ids) {
    const screen = INDUSTRY_SCREENS.find((candidate) => candidate.id === id);
    if (!screen) {
      const known = INDUSTRY_SCREENS.map((candidate) => candidate.id).join(', ');
      throw new DomainError(
        'UNKNOWN_SCREEN',
        'validation',
        `Unknown screen "${id}"; the screens are ${known}`,
        'screens',
      );
    }
    for (const industry of screen.industries) industries.add(industry);
  }
  return [...industries].sort();
};

/**
 * The share of the index's weight (percent of Σ weights, exact) whose holdings have no industry in the bundled
 * data: industry exclusions cannot see them, and the panel says so instead of pretending.
 */
export const unclassifiedWeightShare = (holdings: readonly HoldingInput[]): string => {
  let total = ZERO;
  let unclassified = ZERO;
  for (const holding of holdings) {
    const weight = dec(holding.weightPercentage);
    total = total.add(weight);
    if (holding.industry == null) unclassified = unclassified.add(weight);
  }
  return total.isZero() ? '0' : unclassified.mul(new D(100)).div(total).toDecimalPlaces(4).toFixed();
};

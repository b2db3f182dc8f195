import { INDUSTRY_SCREENS, screenIndustries } from '../../indexes/screens';
import type { EtfHoldingRef, IndustryRequest } from '../commands';
import { trackingErrors } from '../errors';

/** Names of an exclusion change as the index and the classification spell them. */
export type ResolvedNames = { symbols: string[]; sectors: string[]; industries: string[] };

export const normalizeSymbols = (symbols: readonly string[]) => [
  ...new Set(symbols.map((symbol) => symbol.trim().toUpperCase()).filter((symbol) => symbol !== '')),
];

/** Names as `known` spells them (matched without regard to case); unknown ones are returned apart. */
const matchNames = (asked: readonly string[], known: Iterable<string>) => {
  const spelled = new Map<string, string>();
  for (const name of known) spelled.set(name.trim().toLowerCase(), name);
  const matched = new Set<string>();
  const unknown: string[] = [];
  for (const raw of asked) {
    const text = raw.trim();
    if (text === '') continue;
    const name = spelled.get(text.toLowerCase());
    if (name) matched.add(name);
    else unknown.push(text);
  }
  return { matched: [...matched].sort(), unknown };
};

const sectorsOf = (holdings: readonly EtfHoldingRef[]) =>
  holdings.flatMap(({ sector }) => (sector ? [sector] : []));

/**
 * The industries a request names: its industries and its screens' (an unknown screen is refused, 400), spelled as
 * the classification spells them. Known: `knownIndustries` (the bundled classification), the index's holdings' and
 * every screen's; any other name is refused (400, naming it).
 */
export const resolveIndustries = (
  asked: IndustryRequest,
  holdings: readonly EtfHoldingRef[],
  knownIndustries: readonly string[] = [],
): string[] => {
  const requested = [...(asked.industries ?? []), ...screenIndustries(asked.screens ?? [])];
  const known = new Set(knownIndustries);
  for (const { industry } of holdings) if (industry) known.add(industry);
  for (const screen of INDUSTRY_SCREENS) for (const industry of screen.industries) known.add(industry);
  const { matched, unknown } = matchNames(requested, known);
  if (unknown.length > 0) throw trackingErrors.unknownIndustries(unknown);
  return matched;
};

/**
 * The symbols, sectors and industries asked for, as the index spells them; a symbol or sector the index does not
 * have, or an industry the classification does not, is refused (400).
 */
export const resolveExclusionNames = (
  asked: IndustryRequest & { readonly symbols: readonly string[]; readonly sectors: readonly string[] },
  holdings: readonly EtfHoldingRef[],
  etf: string,
  knownIndustries: readonly string[] = [],
): ResolvedNames => {
  const symbols = normalizeSymbols(asked.symbols);
  const sectors = matchNames(asked.sectors, sectorsOf(holdings));
  const inEtf = new Set(holdings.map((holding) => holding.symbol));
  const unknownSymbols = symbols.filter((symbol) => !inEtf.has(symbol));
  if (unknownSymbols.length > 0) throw trackingErrors.unknownExcludedSymbols(unknownSymbols, etf);
  if (sectors.unknown.length > 0) throw trackingErrors.unknownSectors(sectors.unknown, etf);
  const industries = resolveIndustries(asked, holdings, knownIndustries);
  return { symbols: symbols.sort(), sectors: sectors.matched, industries };
};

/** Whether a request names nothing at all. */
export const namesNothing = (
  asked: IndustryRequest & { readonly symbols: readonly string[]; readonly sectors: readonly string[] },
): boolean =>
  normalizeSymbols(asked.symbols).length === 0 &&
  [...asked.sectors, ...(asked.industries ?? []), ...(asked.screens ?? [])].every(
    (name) => name.trim() === '',
  );

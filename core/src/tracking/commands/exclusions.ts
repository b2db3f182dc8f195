import type { PlanClaim } from '../../plans/plans';
import type { EtfHoldingRef, ExcludeHoldings, IncludeHoldings } from '../commands';
import { trackingErrors } from '../errors';
import type { HoldingsExcluded, HoldingsIncluded } from '../events';
import {
  EXCLUSION_MODES,
  type ExclusionMode,
  type Exclusions,
  exclusionModeOf,
  sameExclusions,
  withExcluded,
  withIncluded,
} from '../exclusions';
import type { ActiveTracking, Tracking } from '../state';
import { emit, occurredAt, requireActive } from './guards';

/** Free users may exclude this many stocks and no sector; every paid plan has no limit. */
export const FREE_EXCLUDED_STOCKS = 1;

const normalizeSymbols = (symbols: readonly string[]) => [
  ...new Set(symbols.map((symbol) => symbol.trim().toUpperCase()).filter((symbol) => symbol !== '')),
];

/** Sectors as the snapshot spells them (matched without regard to case); unknown ones are returned apart. */
const matchSectors = (asked: readonly string[], holdings: readonly EtfHoldingRef[]) => {
  const known = new Map<string, string>();
  for (const { sector } of holdings) if (sector) known.set(sector.trim().toLowerCase(), sector);
  const matched = new Set<string>();
  const unknown: string[] = [];
  for (const raw of asked) {
    const text = raw.trim();
    if (text === '') continue;
    const sector = known.get(text.toLowerCase());
    if (sector) matched.add(sector);
    else unknown.push(text);
  }
  return { matched: [...matched], unknown };
};

/** The symbols and sectors asked for, as the ETF spells them; a name the ETF does not have is refused (400). */
export const resolveExclusionNames = (
  asked: { readonly symbols: readonly string[]; readonly sectors: readonly string[] },
  holdings: readonly EtfHoldingRef[],
  etf: string,
): { symbols: string[]; sectors: string[] } => {
  const symbols = normalizeSymbols(asked.symbols);
  const sectors = matchSectors(asked.sectors, holdings);
  const inEtf = new Set(holdings.map((holding) => holding.symbol));
  const unknownSymbols = symbols.filter((symbol) => !inEtf.has(symbol));
  if (unknownSymbols.length > 0) throw trackingErrors.unknownExcludedSymbols(unknownSymbols, etf);
  if (sectors.unknown.length > 0) throw trackingErrors.unknownSectors(sectors.unknown, etf);
  return { symbols: symbols.sort(), sectors: sectors.matched.sort() };
};

/** The rules every set of exclusions obeys: within the plan (Free: one stock, no sector), something left to buy. */
export const checkExclusions = (
  next: Exclusions,
  plan: PlanClaim,
  holdings: readonly EtfHoldingRef[],
  etf: string,
): void => {
  if (plan == null && (next.symbols.length > FREE_EXCLUDED_STOCKS || next.sectors.length > 0))
    throw trackingErrors.exclusionsAbovePlan();
  const remaining = holdings.filter(
    (holding) => holding.priced && exclusionModeOf(next, holding.symbol, holding.sector) === null,
  );
  if (remaining.length === 0) throw trackingErrors.excludesEverything(etf);
};

const checkMode = (mode: string): ExclusionMode => {
  if (!(EXCLUSION_MODES as readonly string[]).includes(mode)) throw trackingErrors.invalidExclusionMode();
  return mode as ExclusionMode;
};

/**
 * Excludes stocks and sectors of the tracking's ETF (issue 17). Refused: nothing named, a symbol or sector the ETF
 * does not have (400), exclusions leaving no priced holding (400), more than the Free plan's one stock or any
 * sector on Free (403). Asking for what is already excluded, in the same mode, changes nothing.
 */
export const excludeHoldings = ({ data, metadata }: ExcludeHoldings, state: Tracking): HoldingsExcluded[] => {
  const tracking = requireActive(state, metadata);
  const mode = checkMode(data.mode);
  if (normalizeSymbols(data.symbols).length === 0 && data.sectors.every((sector) => sector.trim() === ''))
    throw trackingErrors.nothingToExclude();
  const { symbols, sectors } = resolveExclusionNames(data, data.holdings, tracking.symbol);
  const next = withExcluded(tracking.exclusions, symbols, sectors, mode);
  if (sameExclusions(next, tracking.exclusions)) return [];
  checkExclusions(next, data.plan, data.holdings, tracking.symbol);
  return emit<HoldingsExcluded>(metadata, 'HoldingsExcluded', {
    symbols,
    sectors,
    mode,
    previous: tracking.exclusions,
    occurredAt: occurredAt(metadata),
  });
};

/**
 * The exclusions a tracking would have with exactly these names excluded (the exclusions panel's preview): those
 * already excluded keep their mode, new ones take `mode`. Same refusals as ExcludeHoldings; nothing named is fine.
 */
export const proposedExclusions = (
  tracking: ActiveTracking,
  asked: { readonly symbols: readonly string[]; readonly sectors: readonly string[]; readonly mode: string },
  plan: PlanClaim,
  holdings: readonly EtfHoldingRef[],
): Exclusions => {
  const mode = checkMode(asked.mode);
  const current = tracking.exclusions;
  // Names already excluded stay as they are, even should a newer snapshot no longer list them.
  const askedSymbols = new Set(normalizeSymbols(asked.symbols));
  const askedSectors = new Set(asked.sectors.map((sector) => sector.trim().toLowerCase()));
  const stay = {
    symbols: current.symbols.filter((entry) => askedSymbols.has(entry.symbol)),
    sectors: current.sectors.filter((entry) => askedSectors.has(entry.sector.toLowerCase())),
  };
  const added = resolveExclusionNames(
    {
      symbols: [...askedSymbols].filter((symbol) => !stay.symbols.some((entry) => entry.symbol === symbol)),
      sectors: asked.sectors.filter(
        (sector) => !stay.sectors.some((entry) => entry.sector.toLowerCase() === sector.trim().toLowerCase()),
      ),
    },
    holdings,
    tracking.symbol,
  );
  const next = withExcluded(stay, added.symbols, added.sectors, mode);
  checkExclusions(next, plan, holdings, tracking.symbol);
  return next;
};

/** Takes stocks and sectors back (issue 17). Those not excluded are ignored; nothing excluded named: no event. */
export const includeHoldings = ({ data, metadata }: IncludeHoldings, state: Tracking): HoldingsIncluded[] => {
  const tracking = requireActive(state, metadata);
  const symbols = normalizeSymbols(data.symbols);
  const asked = new Set(data.sectors.map((sector) => sector.trim().toLowerCase()).filter((s) => s !== ''));
  if (symbols.length === 0 && asked.size === 0) throw trackingErrors.nothingToExclude();
  const excludedSymbols = new Set(tracking.exclusions.symbols.map((entry) => entry.symbol));
  const included = symbols.filter((symbol) => excludedSymbols.has(symbol)).sort();
  const sectors = tracking.exclusions.sectors
    .map((entry) => entry.sector)
    .filter((sector) => asked.has(sector.toLowerCase()));
  if (included.length === 0 && sectors.length === 0) return [];
  const next = withIncluded(tracking.exclusions, included, sectors);
  if (sameExclusions(next, tracking.exclusions)) return [];
  return emit<HoldingsIncluded>(metadata, 'HoldingsIncluded', {
    symbols: included,
    sectors,
    previous: tracking.exclusions,
    occurredAt: occurredAt(metadata),
  });
};

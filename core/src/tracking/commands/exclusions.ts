import type { PlanClaim } from '../../plans/plans';
import type { EtfHoldingRef, ExcludeHoldings, IncludeHoldings, IndustryRequest } from '../commands';
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
import { namesNothing, normalizeSymbols, resolveExclusionNames, resolveIndustries } from './exclusion-names';
import { emit, occurredAt, requireActive } from './guards';

export { resolveExclusionNames } from './exclusion-names';

/** Free users may exclude this many stocks and no sector or industry; every paid plan has no limit. */
export const FREE_EXCLUDED_STOCKS = 1;

/**
 * The rules every set of exclusions obeys: within the plan (Free: one stock, no sector, no industry), something left
 * to buy.
 */
export const checkExclusions = (
  next: Exclusions,
  plan: PlanClaim,
  holdings: readonly EtfHoldingRef[],
  etf: string,
): void => {
  if (plan == null && (next.symbols.length > FREE_EXCLUDED_STOCKS || next.sectors.length > 0))
    throw trackingErrors.exclusionsAbovePlan();
  if (plan == null && next.industries.length > 0) throw trackingErrors.industriesAbovePlan();
  const remaining = holdings.filter(
    (holding) =>
      holding.priced && exclusionModeOf(next, holding.symbol, holding.sector, holding.industry) === null,
  );
  if (remaining.length === 0) throw trackingErrors.excludesEverything(etf);
};

const checkMode = (mode: string): ExclusionMode => {
  if (!(EXCLUSION_MODES as readonly string[]).includes(mode)) throw trackingErrors.invalidExclusionMode();
  return mode as ExclusionMode;
};

/**
 * Excludes stocks, sectors and industries (a named screen stands for its industries) of the tracking's index
 * (issues 17 and 30). Refused: nothing named, a symbol or sector the index does not have or an industry the
 * classification does not (400), exclusions leaving no priced holding (400), more than the Free plan's one stock or
 * any sector or industry on Free (403). Asking for what is already excluded, in the same mode, changes nothing.
 */
export const excludeHoldings = ({ data, metadata }: ExcludeHoldings, state: Tracking): HoldingsExcluded[] => {
  const tracking = requireActive(state, metadata);
  const mode = checkMode(data.mode);
  if (namesNothing(data)) throw trackingErrors.nothingToExclude();
  const names = resolveExclusionNames(data, data.holdings, tracking.symbol, data.knownIndustries);
  const next = withExcluded(tracking.exclusions, names, mode);
  if (sameExclusions(next, tracking.exclusions)) return [];
  checkExclusions(next, data.plan, data.holdings, tracking.symbol);
  return emit<HoldingsExcluded>(metadata, 'HoldingsExcluded', {
    ...names,
    mode,
    previous: tracking.exclusions,
    occurredAt: occurredAt(metadata),
  });
};

const lowerSet = (names: readonly string[]) =>
  new Set(names.map((name) => name.trim().toLowerCase()).filter((name) => name !== ''));

/**
 * The exclusions a tracking would have with exactly these names excluded (the exclusions panel's preview): those
 * already excluded keep their mode, new ones take `mode`. Same refusals as ExcludeHoldings; nothing named is fine.
 */
export const proposedExclusions = (
  tracking: ActiveTracking,
  asked: IndustryRequest & {
    readonly symbols: readonly string[];
    readonly sectors: readonly string[];
    readonly mode: string;
  },
  plan: PlanClaim,
  holdings: readonly EtfHoldingRef[],
  knownIndustries: readonly string[] = [],
): Exclusions => {
  const mode = checkMode(asked.mode);
  const current = tracking.exclusions;
  // Names already excluded stay as they are, even should a newer snapshot no longer list them.
  const askedSymbols = new Set(normalizeSymbols(asked.symbols));
  const askedSectors = lowerSet(asked.sectors);
  const askedIndustries = lowerSet(resolveIndustries(asked, holdings, knownIndustries));
  const stay: Exclusions = {
    symbols: current.symbols.filter((entry) => askedSymbols.has(entry.symbol)),
    sectors: current.sectors.filter((entry) => askedSectors.has(entry.sector.toLowerCase())),
    industries: current.industries.filter((entry) => askedIndustries.has(entry.industry.toLowerCase())),
  };
  const staying = (entries: readonly { toLowerCase(): string }[], name: string) =>
    entries.some((entry) => entry.toLowerCase() === name.trim().toLowerCase());
  const added = resolveExclusionNames(
    {
      symbols: [...askedSymbols].filter((symbol) => !stay.symbols.some((entry) => entry.symbol === symbol)),
      sectors: asked.sectors.filter(
        (sector) =>
          !staying(
            stay.sectors.map((entry) => entry.sector),
            sector,
          ),
      ),
      industries: [...askedIndustries].filter(
        (industry) =>
          !staying(
            stay.industries.map((entry) => entry.industry),
            industry,
          ),
      ),
    },
    holdings,
    tracking.symbol,
    knownIndustries,
  );
  const next = withExcluded(stay, added, mode);
  checkExclusions(next, plan, holdings, tracking.symbol);
  return next;
};

/**
 * Takes stocks, sectors and industries back (issues 17 and 30). Those not excluded are ignored; nothing excluded
 * named: no event.
 */
export const includeHoldings = ({ data, metadata }: IncludeHoldings, state: Tracking): HoldingsIncluded[] => {
  const tracking = requireActive(state, metadata);
  if (namesNothing(data)) throw trackingErrors.nothingToExclude();
  const { exclusions } = tracking;
  const excludedSymbols = new Set(exclusions.symbols.map((entry) => entry.symbol));
  const symbols = normalizeSymbols(data.symbols)
    .filter((symbol) => excludedSymbols.has(symbol))
    .sort();
  const askedSectors = lowerSet(data.sectors);
  const sectors = exclusions.sectors
    .map((entry) => entry.sector)
    .filter((sector) => askedSectors.has(sector.toLowerCase()));
  // A screen stands for its industries (an unknown screen is refused); an industry not excluded is ignored.
  const askedIndustries = lowerSet([
    ...(data.industries ?? []),
    ...resolveIndustries({ screens: data.screens ?? [] }, []),
  ]);
  const industries = exclusions.industries
    .map((entry) => entry.industry)
    .filter((industry) => askedIndustries.has(industry.toLowerCase()));
  const names = { symbols, sectors, industries };
  const next = withIncluded(exclusions, names);
  if (sameExclusions(next, exclusions)) return [];
  return emit<HoldingsIncluded>(metadata, 'HoldingsIncluded', {
    ...names,
    previous: exclusions,
    occurredAt: occurredAt(metadata),
  });
};

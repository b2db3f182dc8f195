import { z } from 'zod';

/**
 * Exclusions (issues 17 and 30): holdings the user leaves out of a tracking, by symbol, by sector or by GICS
 * sub-industry. "sell": held shares of an excluded holding become SELL orders; "keep": they stay held, but the target
 * never buys more. A symbol's own exclusion decides its mode; otherwise its sector's, then its industry's.
 */
export const EXCLUSION_MODES = ['sell', 'keep'] as const;
export const exclusionModeSchema = z.enum(EXCLUSION_MODES);
export type ExclusionMode = z.infer<typeof exclusionModeSchema>;

export const exclusionsSchema = z.object({
  symbols: z.array(z.object({ symbol: z.string().min(1), mode: exclusionModeSchema })),
  sectors: z.array(z.object({ sector: z.string().min(1), mode: exclusionModeSchema })),
  /** Issue 30 (HoldingsExcluded v2): GICS sub-industries of the bundled classification. */
  industries: z.array(z.object({ industry: z.string().min(1), mode: exclusionModeSchema })),
});
/** Sorted by symbol, by sector and by industry, each named once. */
export type Exclusions = z.infer<typeof exclusionsSchema>;

export const NO_EXCLUSIONS: Exclusions = { symbols: [], sectors: [], industries: [] };

/** Names an exclusion change is about; `industries` absent: none. */
export type ExclusionNames = {
  readonly symbols: readonly string[];
  readonly sectors: readonly string[];
  readonly industries?: readonly string[] | undefined;
};

type ModeMaps = {
  symbols: Map<string, ExclusionMode>;
  sectors: Map<string, ExclusionMode>;
  industries: Map<string, ExclusionMode>;
};

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

const toMaps = (exclusions: Exclusions): ModeMaps => ({
  symbols: new Map(exclusions.symbols.map((entry) => [entry.symbol, entry.mode])),
  sectors: new Map(exclusions.sectors.map((entry) => [entry.sector, entry.mode])),
  industries: new Map(exclusions.industries.map((entry) => [entry.industry, entry.mode])),
});

const fromMaps = ({ symbols, sectors, industries }: ModeMaps): Exclusions => ({
  symbols: [...symbols].map(([symbol, mode]) => ({ symbol, mode })).sort(byKey((entry) => entry.symbol)),
  sectors: [...sectors].map(([sector, mode]) => ({ sector, mode })).sort(byKey((entry) => entry.sector)),
  industries: [...industries]
    .map(([industry, mode]) => ({ industry, mode }))
    .sort(byKey((entry) => entry.industry)),
});

/** The exclusions with these names excluded in `mode` (an excluded one takes the new mode). */
export const withExcluded = (current: Exclusions, names: ExclusionNames, mode: ExclusionMode): Exclusions => {
  const maps = toMaps(current);
  for (const symbol of names.symbols) maps.symbols.set(symbol, mode);
  for (const sector of names.sectors) maps.sectors.set(sector, mode);
  for (const industry of names.industries ?? []) maps.industries.set(industry, mode);
  return fromMaps(maps);
};

/** The exclusions without these names. */
export const withIncluded = (current: Exclusions, names: ExclusionNames): Exclusions => {
  const maps = toMaps(current);
  for (const symbol of names.symbols) maps.symbols.delete(symbol);
  for (const sector of names.sectors) maps.sectors.delete(sector);
  for (const industry of names.industries ?? []) maps.industries.delete(industry);
  return fromMaps(maps);
};

export const sameExclusions = (a: Exclusions, b: Exclusions): boolean =>
  JSON.stringify(fromMaps(toMaps(a))) === JSON.stringify(fromMaps(toMaps(b)));

export const hasExclusions = (exclusions: Exclusions): boolean =>
  exclusions.symbols.length > 0 || exclusions.sectors.length > 0 || exclusions.industries.length > 0;

/**
 * How a symbol is excluded, if it is: its own exclusion, else its sector's, else its industry's (`sector` and
 * `industry` from the index's snapshot; a symbol it does not classify has none).
 */
export const exclusionModeOf = (
  exclusions: Exclusions,
  symbol: string,
  sector: string | null | undefined,
  industry?: string | null | undefined,
): ExclusionMode | null => {
  const own = exclusions.symbols.find((entry) => entry.symbol === symbol);
  if (own) return own.mode;
  const bySector = sector == null ? undefined : exclusions.sectors.find((entry) => entry.sector === sector);
  if (bySector) return bySector.mode;
  if (industry == null) return null;
  return exclusions.industries.find((entry) => entry.industry === industry)?.mode ?? null;
};

/** The engine's exclusion lists. */
export const exclusionLists = (exclusions: Exclusions) => ({
  symbols: exclusions.symbols.map((entry) => entry.symbol),
  sectors: exclusions.sectors.map((entry) => entry.sector),
  industries: exclusions.industries.map((entry) => entry.industry),
});

import { z } from 'zod';

/**
 * Exclusions (issue 17): holdings the user leaves out of a tracking, by symbol or by sector. "sell": held shares
 * of an excluded holding become SELL orders; "keep": they stay held, but the target never buys more.
 * A symbol's own exclusion decides its mode; otherwise the exclusion of its sector does.
 */
export const EXCLUSION_MODES = ['sell', 'keep'] as const;
export const exclusionModeSchema = z.enum(EXCLUSION_MODES);
export type ExclusionMode = z.infer<typeof exclusionModeSchema>;

export const exclusionsSchema = z.object({
  symbols: z.array(z.object({ symbol: z.string().min(1), mode: exclusionModeSchema })),
  sectors: z.array(z.object({ sector: z.string().min(1), mode: exclusionModeSchema })),
});
/** Sorted by symbol and by sector, each named once. */
export type Exclusions = z.infer<typeof exclusionsSchema>;

export const NO_EXCLUSIONS: Exclusions = { symbols: [], sectors: [] };

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** The exclusions with these symbols and sectors excluded in `mode` (an excluded one takes the new mode). */
export const withExcluded = (
  current: Exclusions,
  symbols: readonly string[],
  sectors: readonly string[],
  mode: ExclusionMode,
): Exclusions => {
  const symbolModes = new Map(current.symbols.map((entry) => [entry.symbol, entry.mode]));
  const sectorModes = new Map(current.sectors.map((entry) => [entry.sector, entry.mode]));
  for (const symbol of symbols) symbolModes.set(symbol, mode);
  for (const sector of sectors) sectorModes.set(sector, mode);
  return fromMaps(symbolModes, sectorModes);
};

/** The exclusions without these symbols and sectors. */
export const withIncluded = (
  current: Exclusions,
  symbols: readonly string[],
  sectors: readonly string[],
): Exclusions => {
  const symbolModes = new Map(current.symbols.map((entry) => [entry.symbol, entry.mode]));
  const sectorModes = new Map(current.sectors.map((entry) => [entry.sector, entry.mode]));
  for (const symbol of symbols) symbolModes.delete(symbol);
  for (const sector of sectors) sectorModes.delete(sector);
  return fromMaps(symbolModes, sectorModes);
};

const fromMaps = (
  symbols: ReadonlyMap<string, ExclusionMode>,
  sectors: ReadonlyMap<string, ExclusionMode>,
): Exclusions => ({
  symbols: [...symbols].map(([symbol, mode]) => ({ symbol, mode })).sort(byKey((entry) => entry.symbol)),
  sectors: [...sectors].map(([sector, mode]) => ({ sector, mode })).sort(byKey((entry) => entry.sector)),
});

export const sameExclusions = (a: Exclusions, b: Exclusions): boolean =>
  JSON.stringify(fromMaps(toSymbolModes(a), toSectorModes(a))) ===
  JSON.stringify(fromMaps(toSymbolModes(b), toSectorModes(b)));

const toSymbolModes = (exclusions: Exclusions) =>
  new Map(exclusions.symbols.map((entry) => [entry.symbol, entry.mode]));
const toSectorModes = (exclusions: Exclusions) =>
  new Map(exclusions.sectors.map((entry) => [entry.sector, entry.mode]));

export const hasExclusions = (exclusions: Exclusions): boolean =>
  exclusions.symbols.length > 0 || exclusions.sectors.length > 0;

/**
 * How a symbol is excluded, if it is: its own exclusion, else its sector's (`sector` from the ETF's snapshot; a
 * symbol the snapshot does not list has none).
 */
export const exclusionModeOf = (
  exclusions: Exclusions,
  symbol: string,
  sector: string | null | undefined,
): ExclusionMode | null => {
  const own = exclusions.symbols.find((entry) => entry.symbol === symbol);
  if (own) return own.mode;
  if (sector == null) return null;
  return exclusions.sectors.find((entry) => entry.sector === sector)?.mode ?? null;
};

/** The engine's exclusion lists. */
export const exclusionLists = (exclusions: Exclusions) => ({
  symbols: exclusions.symbols.map((entry) => entry.symbol),
  sectors: exclusions.sectors.map((entry) => entry.sector),
});

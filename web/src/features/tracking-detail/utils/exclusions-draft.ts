import type { ExclusionModeContract, TrackingExclusions } from '@etf-replicator/core/contracts/trackings';

/** What the exclusions panel edits: the whole set of excluded symbols and sectors, and the mode for new ones. */
export type ExclusionsDraft = {
  readonly symbols: readonly string[];
  readonly sectors: readonly string[];
  readonly mode: ExclusionModeContract;
};

export type SavedExclusions = Pick<TrackingExclusions, 'symbols' | 'sectors'>;

export const draftOf = (saved: SavedExclusions | undefined): ExclusionsDraft => ({
  symbols: (saved?.symbols ?? []).map((entry) => entry.symbol),
  sectors: (saved?.sectors ?? []).map((entry) => entry.sector),
  mode: 'sell',
});

/**
 * The commands that turn the saved exclusions into the draft: what to take back (DELETE) and what to exclude
 * (POST, in the draft's mode). Names already excluded keep the mode they were saved with.
 */
export const exclusionChanges = (saved: SavedExclusions | undefined, draft: ExclusionsDraft) => {
  const savedSymbols = new Set((saved?.symbols ?? []).map((entry) => entry.symbol));
  const savedSectors = new Set((saved?.sectors ?? []).map((entry) => entry.sector));
  const draftSymbols = new Set(draft.symbols);
  const draftSectors = new Set(draft.sectors);
  return {
    include: {
      symbols: [...savedSymbols].filter((symbol) => !draftSymbols.has(symbol)),
      sectors: [...savedSectors].filter((sector) => !draftSectors.has(sector)),
    },
    exclude: {
      symbols: draft.symbols.filter((symbol) => !savedSymbols.has(symbol)),
      sectors: draft.sectors.filter((sector) => !savedSectors.has(sector)),
      mode: draft.mode,
    },
  };
};

export const hasChanges = (changes: ReturnType<typeof exclusionChanges>): boolean =>
  changes.include.symbols.length + changes.include.sectors.length > 0 ||
  changes.exclude.symbols.length + changes.exclude.sectors.length > 0;

/** A symbol as typed, as the server reads it. */
export const normalizeSymbol = (text: string): string => text.trim().toUpperCase();

export type KnownHoldings = {
  readonly etfSymbol: string;
  /** The ETF's holdings the screen knows (the plan may show only the largest ones). */
  readonly symbols: readonly string[];
  /** False when the plan shows only part of the ETF's holdings. */
  readonly complete: boolean;
};

/**
 * Why a typed symbol cannot become a chip, or null when it can (issue 32: "TSL" was accepted and the preview then
 * failed). Only a holding of the ETF may be excluded; a near miss is named ("Did you mean TSLA?").
 */
export const symbolProblem = (
  symbol: string,
  excluded: readonly string[],
  known: KnownHoldings,
): string | null => {
  if (symbol === '') return 'Type the symbol of a stock of this ETF';
  if (excluded.includes(symbol)) return `${symbol} is already excluded`;
  if (known.symbols.includes(symbol)) return null;
  const nearMiss = known.symbols.find(
    (candidate) => candidate.startsWith(symbol) && !excluded.includes(candidate),
  );
  const where = known.complete
    ? `${symbol} is not a holding of ${known.etfSymbol}.`
    : `${symbol} is not among the ${known.etfSymbol} holdings your plan shows.`;
  return nearMiss ? `${where} Did you mean ${nearMiss}?` : where;
};

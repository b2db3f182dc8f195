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

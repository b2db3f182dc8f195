import type { ExclusionModeContract, TrackingExclusions } from '@etf-replicator/core/contracts/trackings';

/**
 * What the exclusions panel edits: the whole set of excluded symbols, sectors and industries (a named screen is its
 * industries, issue 30), and the mode for new ones.
 */
export type ExclusionsDraft = {
  readonly symbols: readonly string[];
  readonly sectors: readonly string[];
  readonly industries: readonly string[];
  readonly mode: ExclusionModeContract;
};

export type SavedExclusions = Pick<TrackingExclusions, 'symbols' | 'sectors' | 'industries'>;

export const draftOf = (saved: SavedExclusions | undefined): ExclusionsDraft => ({
  symbols: (saved?.symbols ?? []).map((entry) => entry.symbol),
  sectors: (saved?.sectors ?? []).map((entry) => entry.sector),
  industries: (saved?.industries ?? []).map((entry) => entry.industry),
  mode: 'sell',
});

const dropped = (saved: readonly string[], draft: readonly string[]) => {
  const kept = new Set(draft);
  return saved.filter((name) => !kept.has(name));
};

/** Names of one command; `industries` only when there are some (requests read exactly as before issue 30). */
export type ExclusionChange = { symbols: string[]; sectors: string[]; industries?: string[] };

const change = (symbols: string[], sectors: string[], industries: string[]): ExclusionChange =>
  industries.length > 0 ? { symbols, sectors, industries } : { symbols, sectors };

/**
 * The commands that turn the saved exclusions into the draft: what to take back (DELETE) and what to exclude
 * (POST, in the draft's mode). Names already excluded keep the mode they were saved with.
 */
export const exclusionChanges = (
  saved: SavedExclusions | undefined,
  draft: ExclusionsDraft,
): { include: ExclusionChange; exclude: ExclusionChange & { mode: ExclusionModeContract } } => {
  const was = draftOf(saved);
  const include = change(
    dropped(was.symbols, draft.symbols),
    dropped(was.sectors, draft.sectors),
    dropped(was.industries, draft.industries),
  );
  const exclude = change(
    dropped(draft.symbols, was.symbols),
    dropped(draft.sectors, was.sectors),
    dropped(draft.industries, was.industries),
  );
  return { include, exclude: { ...exclude, mode: draft.mode } };
};

/** How many names a change names. */
export const namedCount = (change: {
  symbols: readonly string[];
  sectors: readonly string[];
  industries?: readonly string[];
}) => change.symbols.length + change.sectors.length + (change.industries?.length ?? 0);

export const hasChanges = (changes: ReturnType<typeof exclusionChanges>): boolean =>
  namedCount(changes.include) + namedCount(changes.exclude) > 0;

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

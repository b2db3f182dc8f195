import { parseCsv } from './csv';

/**
 * Ticker notation differs between sources: iShares writes BRKB, FMP BRK-B, NASDAQ BRK/B; we use the dotted
 * NASDAQ Trader form BRK.B. The bundled `ticker-aliases.csv` (alias,canonical) lists every alias seen.
 * Ticker *changes* (FI → FISV) are not aliases and are not mapped.
 */
export type TickerAliases = ReadonlyMap<string, string>;

export type NormalisedTicker = {
  /** Canonical symbol (upper case, dotted share class). */
  readonly symbol: string;
  /** The ticker exactly as the source wrote it (trimmed). */
  readonly rawSymbol: string;
};

export const parseTickerAliases = (csvText: string): TickerAliases => {
  const aliases = new Map<string, string>();
  for (const record of parseCsv(csvText)) {
    const alias = record.alias?.trim().toUpperCase();
    const canonical = record.canonical?.trim().toUpperCase();
    if (!alias || !canonical) throw new Error('ticker-aliases.csv: every row needs alias and canonical');
    aliases.set(alias, canonical);
  }
  return aliases;
};

export const normaliseTicker = (raw: string, aliases: TickerAliases): NormalisedTicker => {
  const rawSymbol = raw.trim();
  const upper = rawSymbol.toUpperCase();
  return { symbol: aliases.get(upper) ?? upper, rawSymbol };
};

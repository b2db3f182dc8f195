import type { HoldingInput } from '../replication/types';
import { D, type Decimal, dec, toDecimalString, ZERO } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import type { IndexDefinition } from './definition';

/** What an index reads from the market data; the caller loads it (latest snapshots, price table, classification). */
export type IndexMarket = {
  /** Latest snapshot holdings of each ETF the definition names. */
  readonly etfs: ReadonlyMap<string, readonly HoldingInput[]>;
  /** Price of any symbol the market data prices (decimal string). */
  readonly prices: ReadonlyMap<string, string>;
  /** Symbols the market data knows at all (priced or not): tells "no price" from "unknown symbol". */
  readonly knownSymbols: ReadonlySet<string>;
  /** GICS sector and sub-industry from the bundled classification, by symbol. */
  readonly classification: ReadonlyMap<string, Classification>;
};
export type Classification = { readonly sector: string | null; readonly industry: string | null };

export type UnpricedReason = 'NOT_IN_MARKET_DATA' | 'NO_PRICE';
export type UnpricedSymbol = {
  readonly symbol: string;
  /** Its weight in the index (percent): the part of the index no tracking can buy. */
  readonly weight: string;
  readonly reason: UnpricedReason;
  /** Said to the user as it is. */
  readonly message: string;
};

export type ResolvedIndex = {
  /** What the engine replicates: weights in percent of the index, prices, sector and industry where known. */
  readonly holdings: readonly HoldingInput[];
  /** Custom-list symbols without a price: kept with a null price, so the engine leaves them out and says so. */
  readonly unpriced: readonly UnpricedSymbol[];
};

const HUNDRED = new D(100);

const unknownEtf = (etf: string) =>
  new DomainError(
    'UNKNOWN_INDEX_ETF',
    'validation',
    `No holdings are known for ${etf}, so it cannot be part of an index`,
    'index',
  );

/** The classification's industry (and sector, where the snapshot has none) added to a holding. */
const classified = (holding: HoldingInput, market: IndexMarket): HoldingInput => {
  const known = market.classification.get(holding.symbol);
  if (!known) return holding;
  return { ...holding, sector: holding.sector ?? known.sector, industry: holding.industry ?? known.industry };
};

/**
 * An index definition as holdings the engine reads (DESIGN §6.6):
 * - etf: the snapshot's holdings as they are (today's behaviour);
 * - blend: weight_s = Σ_p (W_p / 100) × w_{p,s} over the parts p, overlaps summed (exact: W has ≤ 4 decimals).
 *   A stock's price and sector come from the first part (in the definition's order) that has them;
 * - custom: the stored (normalised) weights, priced from the market data; a symbol without a price is listed in
 *   `unpriced` with the reason and handed to the engine without one, so it is left out, never guessed.
 */
export const resolveIndex = (definition: IndexDefinition, market: IndexMarket): ResolvedIndex => {
  if (definition.type === 'etf') {
    const holdings = market.etfs.get(definition.symbol);
    if (!holdings) throw unknownEtf(definition.symbol);
    return { holdings: holdings.map((holding) => classified(holding, market)), unpriced: [] };
  }
  if (definition.type === 'blend') return { holdings: blendHoldings(definition.parts, market), unpriced: [] };
  const holdings: HoldingInput[] = [];
  const unpriced: UnpricedSymbol[] = [];
  for (const { symbol, weight } of definition.holdings) {
    const price = market.prices.get(symbol) ?? null;
    if (price === null || !dec(price).isPositive()) {
      const known = market.knownSymbols.has(symbol);
      unpriced.push({
        symbol,
        weight,
        reason: known ? 'NO_PRICE' : 'NOT_IN_MARKET_DATA',
        message: known
          ? `${symbol}: the market data has no price for it`
          : `${symbol}: not in the market data (check the ticker)`,
      });
    }
    const known = market.classification.get(symbol);
    holdings.push({
      symbol,
      weightPercentage: weight,
      price,
      sector: known?.sector ?? null,
      industry: known?.industry ?? null,
    });
  }
  return { holdings, unpriced };
};

type Blended = { weight: Decimal; holding: HoldingInput };

const blendHoldings = (
  parts: readonly { symbol: string; weight: string }[],
  market: IndexMarket,
): HoldingInput[] => {
  const blended = new Map<string, Blended>();
  for (const part of parts) {
    const holdings = market.etfs.get(part.symbol);
    if (!holdings) throw unknownEtf(part.symbol);
    const share = dec(part.weight).div(HUNDRED);
    for (const holding of holdings) {
      const contribution = dec(holding.weightPercentage).mul(share);
      const seen = blended.get(holding.symbol);
      if (!seen) {
        blended.set(holding.symbol, { weight: contribution, holding });
        continue;
      }
      seen.weight = seen.weight.add(contribution);
      if (seen.holding.price == null && holding.price != null) {
        seen.holding = { ...seen.holding, price: holding.price };
      }
      if (seen.holding.sector == null && holding.sector != null) {
        seen.holding = { ...seen.holding, sector: holding.sector };
      }
    }
  }
  return [...blended.values()].map(({ weight, holding }) =>
    classified({ ...holding, weightPercentage: toDecimalString(weight) }, market),
  );
};

/** Σ of the holdings' weights (percent): 100 for a blend of ETFs whose weights add up to 100. */
export const indexWeightSum = (holdings: readonly HoldingInput[]): Decimal =>
  holdings.reduce((sum, holding) => sum.add(dec(holding.weightPercentage)), ZERO);

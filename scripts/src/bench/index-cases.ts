import { checkIndexDefinition, type IndexDefinitionInput, resolveIndex } from '@etf-replicator/core';
import type { BenchHolding, BundledEtf } from './load-etfs';

/**
 * Issue 30: the engine on indexes that are not one ETF. Each resolves (core's resolveIndex, as a tracking does)
 * to holdings the engine, greedy and the HiGHS optimum then all read, so the same bars apply.
 * - two blends (VTI 70 / QQQ 30, SPY 50 / IWM 50);
 * - a 50-stock custom list: VOO's 50 largest priced holdings at their VOO weights, rounded to 4 decimals.
 */
const definitions = (
  etfs: ReadonlyMap<string, BundledEtf>,
): { label: string; input: IndexDefinitionInput }[] => {
  const voo = etfs.get('VOO');
  const top50 = [...(voo?.holdings ?? [])]
    .filter((holding) => holding.isAvailable)
    .sort((a, b) => Number(b.weightPercentage) - Number(a.weightPercentage))
    .slice(0, 50);
  return [
    {
      label: 'VTI 70 + QQQ 30',
      input: {
        type: 'blend',
        parts: [
          { symbol: 'VTI', weight: 70 },
          { symbol: 'QQQ', weight: 30 },
        ],
      },
    },
    {
      label: 'SPY 50 + IWM 50',
      input: {
        type: 'blend',
        parts: [
          { symbol: 'SPY', weight: 50 },
          { symbol: 'IWM', weight: 50 },
        ],
      },
    },
    {
      label: 'custom 50 (VOO top 50)',
      input: {
        type: 'custom',
        holdings: top50.map((holding) => ({
          symbol: holding.symbol,
          weight: Number(holding.weightPercentage).toFixed(4),
        })),
      },
    },
  ];
};

/** Each index as a bench "ETF": its resolved holdings, each carrying the fields of the first fund row that has it. */
export const benchIndexes = (etfs: readonly BundledEtf[]): BundledEtf[] => {
  const bySymbol = new Map(etfs.map((etf) => [etf.symbol, etf]));
  const rows = new Map<string, BenchHolding>();
  const prices = new Map<string, string>();
  for (const etf of etfs) {
    for (const holding of etf.holdings) {
      if (!rows.has(holding.symbol)) rows.set(holding.symbol, holding);
      if (holding.price !== null && !prices.has(holding.symbol)) prices.set(holding.symbol, holding.price);
    }
  }
  const market = {
    etfs: new Map(etfs.map((etf) => [etf.symbol, etf.holdings])),
    prices,
    knownSymbols: new Set(rows.keys()),
    classification: new Map(),
  };
  return definitions(bySymbol).map(({ label, input }) => {
    const resolved = resolveIndex(checkIndexDefinition(input), market);
    return {
      symbol: label,
      holdings: resolved.holdings.map((holding) => {
        const row = rows.get(holding.symbol);
        const price = holding.price == null ? null : String(holding.price);
        return {
          ...(row as BenchHolding),
          symbol: holding.symbol,
          weightPercentage: String(holding.weightPercentage),
          price,
          isAvailable: price !== null && Number(price) > 0,
          sector: holding.sector ?? null,
        };
      }),
    };
  });
};

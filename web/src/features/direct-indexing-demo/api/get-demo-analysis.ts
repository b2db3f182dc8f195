import {
  DEMO_TOP_HOLDINGS,
  DEMO_TOP_SECTORS,
  etfHoldingResponseSchema,
  etfInfoFreeResponseSchema,
} from '@etf-replicator/core/contracts/market-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '@/lib/api-client';

export type DemoAnalysis = {
  symbol: string;
  name: string;
  holdings: Array<{ symbol: string; name: string; weightPercent: number }>;
  /** Empty when the bundled data has no sector breakdown for this ETF. */
  sectors: Array<{ industry: string; exposurePercent: number }>;
};

const holdingsSchema = etfHoldingResponseSchema.array();

/** Holdings and info are requested together (spec 2 §7); each list is cut to the demo's top 3, largest first. */
export const getDemoAnalysis = async (symbol: string, signal?: AbortSignal): Promise<DemoAnalysis> => {
  const query = `etfSymbol=${encodeURIComponent(symbol)}`;
  const options = signal ? { signal } : {};
  const [holdingsBody, infoBody] = await Promise.all([
    publicApi.get<unknown>(`/api/details/etf-holdings-free?${query}`, options),
    publicApi.get<unknown>(`/api/details/etf-info-free?${query}`, options),
  ]);
  const info = etfInfoFreeResponseSchema.parse(infoBody);
  const byDescending = <T>(list: T[], value: (item: T) => number) =>
    [...list].sort((a, b) => value(b) - value(a));
  return {
    symbol: info.symbol,
    name: info.name,
    holdings: byDescending(
      holdingsSchema.parse(holdingsBody).map((holding) => ({
        symbol: holding.asset,
        name: holding.name,
        weightPercent: Number(holding.weightPercentage),
      })),
      (holding) => holding.weightPercent,
    ).slice(0, DEMO_TOP_HOLDINGS),
    sectors: byDescending(
      info.sectorsList.map((sector) => ({
        industry: sector.industry,
        exposurePercent: Number(sector.exposure),
      })),
      (sector) => sector.exposurePercent,
    ).slice(0, DEMO_TOP_SECTORS),
  };
};

export const getDemoAnalysisQueryOptions = (symbol: string | undefined) =>
  queryOptions({
    queryKey: ['demo-analysis', symbol],
    queryFn: ({ signal }) => getDemoAnalysis(symbol ?? '', signal),
    enabled: symbol !== undefined,
    staleTime: 5 * 60_000,
  });

export const useDemoAnalysis = (symbol: string | undefined) => useQuery(getDemoAnalysisQueryOptions(symbol));

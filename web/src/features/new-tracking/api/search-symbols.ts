import {
  AUTOCOMPLETE_QUERY_MAX_LENGTH,
  AUTOCOMPLETE_QUERY_PATTERN,
  type SymbolSuggestion,
  symbolSuggestionSchema,
} from '@etf-replicator/core/contracts/market-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export type { SymbolSuggestion };

/** Queries the server accepts; anything else is not sent. */
export const isSearchableQuery = (query: string): boolean => {
  const trimmed = query.trim();
  return (
    trimmed !== '' &&
    trimmed.length <= AUTOCOMPLETE_QUERY_MAX_LENGTH &&
    AUTOCOMPLETE_QUERY_PATTERN.test(trimmed)
  );
};

/** GET /api/stock/autocomplete?query= */
export const searchSymbols = async (query: string): Promise<SymbolSuggestion[]> =>
  z
    .array(symbolSuggestionSchema)
    .parse(await api.get<unknown>(`/api/stock/autocomplete?query=${encodeURIComponent(query.trim())}`));

export const searchSymbolsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['symbol-search', query.trim().toUpperCase()],
    queryFn: () => searchSymbols(query),
    staleTime: 5 * 60_000,
  });

/** `query` is already debounced by the caller (spec 2 §9: 500 ms). */
export const useSymbolSearch = (query: string) =>
  useQuery({
    ...searchSymbolsQueryOptions(query),
    enabled: isSearchableQuery(query),
    placeholderData: keepPreviousData,
  });

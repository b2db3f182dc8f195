import {
  AUTOCOMPLETE_QUERY_MAX_LENGTH,
  AUTOCOMPLETE_QUERY_PATTERN,
  freeSymbolSuggestionSchema,
} from '@etf-replicator/core/contracts/market-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '@/lib/api-client';

const suggestionsSchema = freeSymbolSuggestionSchema.array();

/** Only queries the server would accept are sent; anything else simply has no suggestions. */
export const isSuggestibleQuery = (query: string): boolean =>
  query.length > 0 && query.length <= AUTOCOMPLETE_QUERY_MAX_LENGTH && AUTOCOMPLETE_QUERY_PATTERN.test(query);

/** GET /api/details/autocomplete-free: ETF symbols the demo can analyse. */
export const getDemoSuggestions = async (query: string, signal?: AbortSignal): Promise<string[]> => {
  const body = await publicApi.get<unknown>(
    `/api/details/autocomplete-free?query=${encodeURIComponent(query)}`,
    signal ? { signal } : {},
  );
  return suggestionsSchema.parse(body).map((suggestion) => suggestion.symbol);
};

export const getDemoSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['demo-suggestions', query],
    queryFn: ({ signal }) => getDemoSuggestions(query, signal),
    enabled: isSuggestibleQuery(query),
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });

/** Suggestions for an already debounced query; a failure leaves the list empty (spec 2 §8). */
export const useDemoSuggestions = (query: string): string[] => {
  const { data } = useQuery(getDemoSuggestionsQueryOptions(query));
  // The previous list bridges a new query's round trip, but never outlives the text it was for.
  return isSuggestibleQuery(query) ? (data ?? []) : [];
};

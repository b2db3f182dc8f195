import { marketDataMessages } from '@etf-replicator/core/contracts/market-data';
import { useQuery } from '@tanstack/react-query';
import { isSearchableQuery, type SymbolSuggestion, searchSymbolsQueryOptions } from '../api/search-symbols';

export type Availability =
  | { status: 'checking' }
  | { status: 'replicable' }
  | { status: 'unavailable'; reason: string };

const CHECKING: Availability = { status: 'checking' };
const REPLICABLE: Availability = { status: 'replicable' };
const notAnEtf: Availability = { status: 'unavailable', reason: marketDataMessages.notAnEtf };

/** What a suggestion says about replicating its symbol. */
export const availabilityOf = (suggestion: SymbolSuggestion): Availability =>
  suggestion.replicable
    ? REPLICABLE
    : { status: 'unavailable', reason: suggestion.unavailableReason ?? marketDataMessages.notAnEtf };

/**
 * Whether a symbol that did not come from the suggestions (the wizard opened at /newtracking/QQA) can be replicated:
 * the autocomplete lists the ETFs it can replicate first, so an exact match either says so or gives the reason.
 * Issue 15: Replicate used to stay enabled for QQA or LEAD and end on a 404 or 422 toast. When the check itself
 * fails, the server decides (its message is shown as before).
 */
export const useSymbolAvailability = (symbol: string | undefined): Availability | undefined => {
  const searchable = symbol !== undefined && isSearchableQuery(symbol);
  const search = useQuery({ ...searchSymbolsQueryOptions(symbol ?? ''), enabled: searchable });
  if (symbol === undefined) return undefined;
  if (!searchable) return notAnEtf;
  if (search.isPending) return CHECKING;
  if (search.isError) return REPLICABLE;
  const match = search.data.find((suggestion) => suggestion.symbol === symbol);
  return match ? availabilityOf(match) : notAnEtf;
};

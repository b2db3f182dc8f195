import { type KeyboardEvent, useId, useState } from 'react';
import { inputClasses } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/cn';
import { isSearchableQuery, type SymbolSuggestion, useSymbolSearch } from '../api/search-symbols';

/** Spec 2 §9: the app's autocomplete waits 500 ms after the last keystroke. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;

type Props = { onSelect: (suggestion: SymbolSuggestion) => void; error?: string | undefined };

/** The next suggestion that can be chosen, from `from` in `step` direction, wrapping around; -1 when none can. */
const nextEnabled = (suggestions: readonly SymbolSuggestion[], from: number, step: 1 | -1): number => {
  const count = suggestions.length;
  for (let offset = 1; offset <= count; offset++) {
    const index = (((from + step * offset) % count) + count) % count;
    if (suggestions[index]?.replicable) return index;
  }
  return -1;
};

/**
 * The ETF search box: a combobox with a listbox of suggestions, driven by the arrow keys, Enter and Escape. The
 * ETFs that can be replicated come first; the other symbols are shown greyed with the reason and cannot be chosen
 * (issue 15).
 */
export const EtfSearch = ({ onSelect, error }: Props) => {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(query, AUTOCOMPLETE_DEBOUNCE_MS);
  const search = useSymbolSearch(debounced);
  const suggestions = isSearchableQuery(debounced) && !search.isError ? (search.data ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (suggestion: SymbolSuggestion) => {
    onSelect(suggestion);
    setQuery(suggestion.symbol);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => nextEnabled(suggestions, index, 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => nextEnabled(suggestions, index < 0 ? suggestions.length : index, -1));
    } else if (event.key === 'Enter') {
      const suggestion = expanded ? suggestions[active] : undefined;
      if (suggestion?.replicable) {
        event.preventDefault();
        choose(suggestion);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Search ETF
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Symbol or name, e.g. VOO"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={cn(inputClasses, 'mt-1.5')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="ETF suggestions"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {suggestions.map((suggestion, index) => (
          <div
            key={suggestion.symbol}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            aria-disabled={suggestion.replicable ? undefined : true}
            className={cn(
              'flex gap-3 px-3 py-2 text-sm',
              !suggestion.replicable
                ? 'cursor-not-allowed text-slate-400'
                : index === active
                  ? 'cursor-pointer bg-indigo-600 text-white'
                  : 'cursor-pointer text-slate-900 hover:bg-slate-50',
            )}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              if (suggestion.replicable) choose(suggestion);
            }}
          >
            <span className="w-16 shrink-0 font-semibold">{suggestion.symbol}</span>{' '}
            <span className="min-w-0 flex-1">
              <span className="block truncate">{suggestion.name}</span>
              {suggestion.unavailableReason && (
                <span className="block text-xs text-slate-500">{suggestion.unavailableReason}</span>
              )}
            </span>
          </div>
        ))}
      </div>
      <p id={errorId} aria-live="polite" className="mt-1.5 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
};

import { type KeyboardEvent, useId, useState } from 'react';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';

type Props = {
  value: string;
  suggestions: readonly string[];
  /** Typing; the value is already upper-cased. */
  onChange: (value: string) => void;
  onPick: (symbol: string) => void;
};

/**
 * The ticker input with its suggestion list (ARIA combobox with a listbox popup): typing is forced to upper case;
 * Arrow keys move through the suggestions, Enter picks the highlighted one, Escape closes the list.
 */
export const TickerCombobox = ({ value, suggestions, onChange, onPick }: Props) => {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (symbol: string) => {
    setOpen(false);
    setActive(-1);
    onPick(symbol);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const symbol = suggestions[active];
      if (symbol === undefined) return;
      event.preventDefault();
      pick(symbol);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        ETF ticker
      </label>
      <input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={15}
        placeholder="e.g. QQQ"
        value={value}
        onChange={(event) => {
          onChange(event.target.value.toUpperCase());
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className={cn(inputClasses, 'mt-1.5 font-mono uppercase tracking-wide')}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggested ETFs"
        hidden={!expanded}
        className="absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {suggestions.map((symbol, index) => (
          <div
            key={symbol}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            onMouseDown={(event) => {
              // Keeps focus in the input (no blur before the pick).
              event.preventDefault();
              pick(symbol);
            }}
            className={cn(
              'cursor-pointer px-3 py-2 font-mono text-sm',
              index === active ? 'bg-indigo-600 text-white' : 'text-slate-900 hover:bg-slate-100',
            )}
          >
            {symbol}
          </div>
        ))}
      </div>
    </div>
  );
};

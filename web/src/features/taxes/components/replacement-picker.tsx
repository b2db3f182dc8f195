import type { Replacement } from '@etf-replicator/core/contracts/taxes';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatMoney, formatPercent } from '@/lib/format';

type Props = {
  symbol: string;
  replacements: readonly Replacement[];
  selected: string | undefined;
  onSelect: (symbol: string) => void;
};

/** Up to three stocks of the same ETF and sector to buy instead (radio buttons: arrow keys move between them). */
export const ReplacementPicker = ({ symbol, replacements, selected, onSelect }: Props) => {
  const id = useId();
  if (replacements.length === 0)
    return (
      <p className="text-sm text-slate-600">
        {`No replacement: the ETF has no other stock of ${symbol}'s sector that this tracking does not hold.`}
      </p>
    );
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-900">{`Replace ${symbol} with`}</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
        {replacements.map((replacement) => (
          <label
            key={replacement.symbol}
            className={cn(
              'flex min-w-0 cursor-pointer items-start gap-2 rounded-lg p-2.5 text-sm ring-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
              selected === replacement.symbol ? 'bg-indigo-50 ring-indigo-500' : 'ring-slate-200',
            )}
          >
            <input
              type="radio"
              name={`${id}-replacement`}
              value={replacement.symbol}
              checked={selected === replacement.symbol}
              onChange={() => onSelect(replacement.symbol)}
              className="mt-0.5 accent-indigo-600"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{replacement.symbol}</span>
              <span className="block truncate text-slate-600" title={replacement.name}>
                {replacement.name}
              </span>
              <span className="block text-xs text-slate-500">
                {`${formatPercent(replacement.weight)} of the ETF · ${formatMoney(replacement.price)}`}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
};

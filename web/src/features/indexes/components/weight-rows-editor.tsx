import { MAX_BLEND_PARTS } from '@etf-replicator/core/indexes/definition';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { totalText, type WeightRow, weightRow, weightsTotal } from '../utils/index-draft';

type Props = {
  kind: 'blend' | 'custom';
  rows: readonly WeightRow[];
  onChange: (rows: WeightRow[]) => void;
  disabled?: boolean;
};

const MIN_ROWS = { blend: 2, custom: 1 } as const;
const MAX_ROWS = { blend: MAX_BLEND_PARTS, custom: 1000 } as const;
const NOUN = { blend: 'ETF', custom: 'stock' } as const;

/** Symbol + weight rows with add / remove and a running total that is always shown (and announced). */
export const WeightRowsEditor = ({ kind, rows, onChange, disabled = false }: Props) => {
  const update = (id: number, change: Partial<Omit<WeightRow, 'id'>>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const total = weightsTotal(rows);
  const totalOk = kind === 'custom' ? total.gt(0) : total.eq(100);
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        {kind === 'blend' ? 'ETFs and their weights' : 'Stocks and their weights'}
      </legend>
      <ol className="space-y-2">
        {rows.map((row, index) => (
          <li key={row.id} className="grid grid-cols-[minmax(0,1fr)_6.5rem_auto] items-center gap-2">
            <input
              aria-label={`${NOUN[kind]} ${index + 1} symbol`}
              className={inputClasses}
              value={row.symbol}
              placeholder={kind === 'blend' ? 'VTI' : 'AAPL'}
              autoCapitalize="characters"
              disabled={disabled}
              onChange={(event) => update(row.id, { symbol: event.target.value.toUpperCase() })}
            />
            <div className="relative">
              <input
                aria-label={`${NOUN[kind]} ${index + 1} weight (%)`}
                className={`${inputClasses} pr-7 text-right tabular-nums`}
                value={row.weight}
                inputMode="decimal"
                placeholder="50"
                disabled={disabled}
                onChange={(event) => update(row.id, { weight: event.target.value })}
              />
              <span
                aria-hidden="true"
                className="absolute inset-y-0 right-2 flex items-center text-sm text-slate-500"
              >
                %
              </span>
            </div>
            <button
              type="button"
              className="rounded-md px-2 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-40"
              disabled={disabled || rows.length <= MIN_ROWS[kind]}
              onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
              aria-label={`Remove ${NOUN[kind]} ${index + 1}${row.symbol ? ` (${row.symbol})` : ''}`}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="secondary"
          disabled={disabled || rows.length >= MAX_ROWS[kind]}
          onClick={() => onChange([...rows, weightRow()])}
        >
          {`Add ${NOUN[kind] === 'ETF' ? 'an ETF' : 'a stock'}`}
        </Button>
        <p
          role="status"
          data-testid="weights-total"
          className={`text-sm font-semibold tabular-nums ${totalOk ? 'text-emerald-700' : 'text-amber-800'}`}
        >
          {totalText(kind, rows)}
        </p>
      </div>
    </fieldset>
  );
};

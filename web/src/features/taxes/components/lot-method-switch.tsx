import { useId } from 'react';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { type LotMethod, useChangeLotMethod } from '../api/change-lot-method';

const METHODS: ReadonlyArray<{ method: LotMethod; label: string; hint: string }> = [
  {
    method: 'TAX_OPTIMAL',
    label: 'Tax-optimal (losses first, long-term before short-term)',
    hint: 'Losses first (largest loss per share first), then long-term gains, short-term gains last',
  },
  { method: 'HIFO', label: 'HIFO', hint: 'Highest cost first' },
  { method: 'FIFO', label: 'FIFO', hint: 'First in, first out' },
];

/** Which lots a later SELL closes first; a tracking command (If-Match, Idempotency-Key), revertible in history. */
export const LotMethodSwitch = ({ trackingId, method }: { trackingId: string; method: LotMethod }) => {
  const id = useId();
  const change = useChangeLotMethod(trackingId, {
    onError: (error) =>
      notify.error(
        isApiError(error) && error.message ? error.message : 'The lot method could not be changed.',
      ),
  });
  const shown = (change.isPending ? change.variables?.method : undefined) ?? method;
  return (
    <fieldset aria-describedby={`${id}-hint`} disabled={change.isPending} className="min-w-0">
      <legend className="text-sm font-medium text-slate-900">Lot method</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Which lots a SELL closes first.
      </p>
      <div className="mt-1.5 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {METHODS.map((option) => (
          <label
            key={option.method}
            title={option.hint}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
              shown === option.method ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-600',
            )}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={option.method}
              checked={shown === option.method}
              onChange={() => change.mutate({ trackingId, method: option.method })}
              className="sr-only"
            />
            {option.label}
            <span className="sr-only">{`: ${option.hint}`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
};

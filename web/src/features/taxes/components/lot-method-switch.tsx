import { lotMethodContract } from '@etf-replicator/core/contracts/taxes';
import { useId } from 'react';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { type LotMethod, useChangeLotMethod } from '../api/change-lot-method';

const NAMES: Readonly<Record<string, { label: string; hint: string }>> = {
  TAX_OPTIMAL: {
    label: 'Tax-optimal',
    hint: 'Losses first (short term before long term), then long-term gains, short-term gains last',
  },
  HIFO: { label: 'HIFO', hint: 'Highest cost first' },
  FIFO: { label: 'FIFO', hint: 'First in, first out' },
};

/** Compared as text: the contract may not list TAX_OPTIMAL yet (tracking-core adds it). */
const isTaxOptimal = (method: string) => method === 'TAX_OPTIMAL';

/** Every method the API takes (Tax-optimal first once it is there), named. */
const METHODS: ReadonlyArray<{ method: LotMethod; label: string; hint: string }> = [
  ...lotMethodContract.options,
]
  .sort((a, b) => Number(isTaxOptimal(b)) - Number(isTaxOptimal(a)))
  .map((method) => ({ method, ...(NAMES[method] ?? { label: method, hint: method }) }));

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

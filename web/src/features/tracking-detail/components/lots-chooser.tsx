import type { AdjustmentOrderLine } from '@etf-replicator/core/contracts/trackings';
import { dec } from '@etf-replicator/core/shared/decimal';
import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { formatMoney, formatShares, formatSignedMoney } from '@/lib/format';
import {
  chosenShares,
  type FillDraft,
  lotDate,
  lotGainAt,
  lotMethodName,
  type OpenLot,
  typedNumber,
} from '../utils/fills-draft';

type Props = {
  order: AdjustmentOrderLine;
  draft: FillDraft;
  lots: readonly OpenLot[] | undefined;
  lotMethod: string | undefined;
  error: string | undefined;
  onChange: (draft: FillDraft) => void;
};

/**
 * Which lots a SELL closes: by default the tracking's method (named), or the shares the investor types per open
 * lot under "Choose lots" (acquired date, shares, cost per share, the lot's gain at the fill price).
 */
export const LotsChooser = ({ order, draft, lots, lotMethod, error, onChange }: Props) => {
  const id = useId();
  const choosing = draft.lotMode === 'chosen';
  const method = lotMethodName(lotMethod);
  const fill = typedNumber(draft.price);
  return (
    <div className="mt-2 min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">{choosing ? 'Lots you choose' : `Lots chosen by ${method}`}</p>
        <button
          type="button"
          aria-expanded={choosing}
          aria-controls={`${id}-lots`}
          className="rounded text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          onClick={() => onChange({ ...draft, lotMode: choosing ? 'method' : 'chosen' })}
        >
          {choosing ? `Let ${method} choose` : 'Choose lots'}
        </button>
      </div>
      <div id={`${id}-lots`} hidden={!choosing}>
        {choosing && lots === undefined && <Spinner label="Loading lots…" />}
        {choosing && lots !== undefined && (
          <>
            <ul aria-label={`Open lots of ${order.symbol}`} className="mt-2 space-y-2">
              {lots.map((lot) => {
                const gain = fill ? lotGainAt(lot, dec(lot.shares), fill) : null;
                const acquired = lotDate(lot);
                return (
                  <li
                    key={lot.lotId}
                    className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1 rounded-md bg-slate-50 p-2"
                  >
                    <dl className="grid min-w-0 grid-cols-2 gap-x-3 text-xs text-slate-600">
                      <dt>Acquired</dt>
                      <dd className="font-medium text-slate-900">{acquired}</dd>
                      <dt>Shares</dt>
                      <dd className="tabular-nums text-slate-900">{formatShares(lot.shares)}</dd>
                      <dt>Cost per share</dt>
                      <dd className="tabular-nums text-slate-900">
                        {lot.costPerShare === null ? 'unknown' : formatMoney(lot.costPerShare)}
                      </dd>
                      <dt>Gain at fill</dt>
                      <dd className="tabular-nums text-slate-900">{gain ? formatSignedMoney(gain) : '—'}</dd>
                    </dl>
                    <div className="w-28">
                      <label
                        htmlFor={`${id}-${lot.lotId}`}
                        className="block text-xs font-medium text-slate-800"
                      >
                        Shares to sell <span className="sr-only">from the lot of {acquired}</span>
                      </label>
                      <input
                        id={`${id}-${lot.lotId}`}
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0"
                        value={draft.lotShares[lot.lotId] ?? ''}
                        aria-invalid={error !== undefined || undefined}
                        aria-describedby={`${id}-lots-message`}
                        className={cn(inputClasses, 'mt-1 text-right tabular-nums')}
                        onChange={(event) =>
                          onChange({
                            ...draft,
                            lotShares: { ...draft.lotShares, [lot.lotId]: event.target.value },
                          })
                        }
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
            {lots.length === 0 && (
              <p className="mt-2 text-sm text-slate-600">No open lots of {order.symbol}.</p>
            )}
            <p className="mt-1 text-xs text-slate-600 tabular-nums">
              {`Chosen ${formatShares(chosenShares(draft))} of ${formatShares(order.shares)} shares`}
            </p>
          </>
        )}
      </div>
      <p id={`${id}-lots-message`} aria-live="polite" className="mt-1 min-h-4 text-xs text-red-700">
        {error}
      </p>
    </div>
  );
};

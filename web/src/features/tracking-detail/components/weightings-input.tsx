import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { readWeightings, stepWeightings } from '../utils/weightings-draft';

type Props = {
  /** The tracking's number of weightings (already capped by the plan). */
  value: number;
  /** The plan's cap: the largest number allowed. */
  cap: number;
  disabled: boolean;
  onApply: (numberOfWeightings: number) => void;
};

const stepButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-white text-lg font-semibold text-slate-700 ' +
  'shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The number of weightings as a spin button (issue 32: a select of up to 503 options): type a number, or step it
 * with − and +, the arrow keys (PageUp/PageDown by 10, Home/End to 1 and the cap). Nothing is sent until Apply or
 * Enter; Escape goes back to the saved number. Outside 1…cap the field says so and cannot be applied.
 */
export const WeightingsInput = ({ value, cap, disabled, onApply }: Props) => {
  const id = useId();
  const [text, setText] = useState(String(value));
  // A saved change (here, a revert, another window) resets the field.
  useEffect(() => setText(String(value)), [value]);
  const draft = readWeightings(text, cap);
  const changed = !draft.ok || draft.value !== value;
  const step = (by: number) => setText(String(stepWeightings(text, by, cap, value)));
  const apply = () => {
    if (draft.ok && draft.value !== value) onApply(draft.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, () => void> = {
      ArrowUp: () => step(1),
      ArrowDown: () => step(-1),
      PageUp: () => step(10),
      PageDown: () => step(-10),
      Home: () => setText('1'),
      End: () => setText(String(cap)),
      Enter: apply,
      Escape: () => setText(String(value)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        Number of weightings
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {`The largest holdings of the ETF that the target copies. Your plan allows up to ${cap}.`}
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={stepButton}
            aria-label="One weighting fewer"
            aria-controls={id}
            disabled={disabled || (draft.ok ? draft.value : value) <= 1}
            onClick={() => step(-1)}
          >
            −
          </button>
          <div className="w-24">
            <input
              id={id}
              type="text"
              role="spinbutton"
              inputMode="numeric"
              autoComplete="off"
              aria-valuemin={1}
              aria-valuemax={cap}
              aria-valuenow={draft.ok ? draft.value : undefined}
              aria-invalid={!draft.ok || undefined}
              aria-describedby={`${id}-hint${draft.ok ? '' : ` ${id}-error`}`}
              value={text}
              disabled={disabled}
              onChange={(event) => setText(event.target.value.replace(/[^\d]/g, '').slice(0, 6))}
              onKeyDown={onKeyDown}
              className={cn(inputClasses, 'text-center tabular-nums')}
            />
          </div>
          <button
            type="button"
            className={stepButton}
            aria-label="One weighting more"
            aria-controls={id}
            disabled={disabled || (draft.ok ? draft.value : value) >= cap}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
        {changed && (
          <Button variant="secondary" disabled={disabled || !draft.ok} onClick={apply}>
            Apply
          </Button>
        )}
      </div>
      {!draft.ok && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
          {draft.message}
        </p>
      )}
    </div>
  );
};

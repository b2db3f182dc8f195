import { type ComponentProps, useId } from 'react';
import { AMOUNT_TEXT_RULES, acceptNumberText } from '@/lib/amount-text';
import { inputClasses } from './text-field';

type Props = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'type'> & {
  label: string;
  /** The text as shown, with thousands separators. */
  value: string;
  onValueChange: (text: string) => void;
  /** Announced under the field while it applies. */
  error?: string | undefined;
  /** A short note under the label (what an empty field means, say). */
  hint?: string | undefined;
};

/**
 * A USD amount field (spec 2 §5): digits with at most 2 decimals, thousands separators, a leading '.' becomes
 * '0.', at most 9,999,999,999.99. Keystrokes that break a rule are ignored.
 */
export const AmountInput = ({ label, value, onValueChange, error, hint, className, ...input }: Props) => {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div className="relative mt-1.5">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
        >
          $
        </span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={hint ? `${hintId} ${errorId}` : errorId}
          className={`${inputClasses} pl-7`}
          onChange={(event) => {
            const result = acceptNumberText(event.target.value, AMOUNT_TEXT_RULES);
            if (result.ok) onValueChange(result.text);
          }}
          {...input}
        />
      </div>
      <p id={errorId} aria-live="polite" className="mt-1.5 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
};

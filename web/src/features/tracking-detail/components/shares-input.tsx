import { SHARES_MESSAGES } from '@etf-replicator/core/shared/shares';
import { useId } from 'react';
import { inputClasses } from '@/components/ui/text-field';
import { acceptNumberText } from '@/lib/amount-text';
import { cn } from '@/lib/cn';
import { sharesTextRules } from '../utils/shares-rules';

type Props = {
  label: string;
  value: string;
  onValueChange: (text: string) => void;
  fractionalEnabled: boolean;
  /** A fractional suggestion while fractional is off: shown, not editable (spec 2 §5). */
  readOnly: boolean;
  /** A validation message for the current value. */
  error: string | undefined;
  disabled?: boolean;
};

/**
 * The shares field of an adjustment order (spec 2 §5): whole digits only when fractional is off, otherwise up to 2
 * decimals; at most 10 digits before the point. A point typed while fractional is off stays visible with its
 * message and the order cannot be sent (issue 15: dropping it silently turned 2.5 into 25, a 10× order).
 */
export const SharesInput = ({
  label,
  value,
  onValueChange,
  fractionalEnabled,
  readOnly,
  error,
  disabled,
}: Props) => {
  const id = useId();
  const fractionTyped = !fractionalEnabled && !readOnly && value.includes('.');
  const message = readOnly
    ? SHARES_MESSAGES.fractionalSuggested
    : fractionTyped
      ? SHARES_MESSAGES.fractionalTyped
      : error;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={fractionalEnabled ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={value}
        readOnly={readOnly}
        disabled={disabled}
        aria-invalid={(!readOnly && message !== undefined) || undefined}
        aria-describedby={`${id}-message`}
        className={cn(inputClasses, 'w-28 text-right tabular-nums', readOnly && 'bg-slate-50 text-slate-600')}
        onChange={(event) => {
          const result = acceptNumberText(event.target.value, sharesTextRules(fractionalEnabled));
          if (result.ok) onValueChange(result.text);
          else if (result.reason === 'decimal') {
            // Keep what was typed (with its point) so the refusal is visible; sharesError blocks sending it.
            const shown = acceptNumberText(event.target.value, sharesTextRules(true));
            if (shown.ok) onValueChange(shown.text);
          }
        }}
      />
      <p
        id={`${id}-message`}
        aria-live="polite"
        className={cn('mt-1 text-xs', readOnly ? 'text-slate-600' : 'text-red-700')}
      >
        {message}
      </p>
    </div>
  );
};

import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { MIN_LOSS_HINT, parseMinLoss } from '../utils/min-loss';

/** The minimum loss a holding must show to be listed; empty means the default ($100 or 5 %). */
export const MinLossFilter = ({ onApply }: { onApply: (minLoss: string | undefined) => void }) => {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMinLoss(text);
    if (parsed.status === 'invalid') {
      setError(parsed.message);
      return;
    }
    setError(undefined);
    onApply(parsed.status === 'valid' ? parsed.value : undefined);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Harvest filter">
      <div className="w-44">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          Minimum loss
        </label>
        <input
          id={id}
          inputMode="decimal"
          placeholder="$100 or 5%"
          value={text}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          className={`${inputClasses} mt-1.5`}
        />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      <p id={`${id}-hint`} className={`w-full text-xs ${error ? 'text-red-700' : 'text-slate-500'}`}>
        {error ?? `${MIN_LOSS_HINT}. Empty: at least $100 or 5 %.`}
      </p>
    </form>
  );
};

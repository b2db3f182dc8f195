import { useId } from 'react';
import { cn } from '@/lib/cn';

type Props = { label: string; hint: string; checked: boolean; disabled?: boolean; onToggle: () => void };

/** An on/off setting as an accessible switch (tracking settings, the wizard's import options). */
export const SwitchField = ({ label, hint, checked, disabled, onToggle }: Props) => {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
          {label}
        </span>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={onToggle}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60',
          checked ? 'bg-indigo-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-0.5 inline-block size-5 rounded-full bg-white shadow transition',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
};

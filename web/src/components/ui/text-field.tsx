import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Shown under the field and announced with it; pass it only while it applies. */
  hint?: string | undefined;
  invalid?: boolean;
  /** Something beside the input inside its frame, e.g. a show/hide toggle. */
  addon?: ReactNode;
};

export const inputClasses =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset ' +
  'placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:ring-inset focus:outline-none ' +
  'aria-invalid:ring-red-500 sm:text-sm';

export const TextField = ({ label, hint, invalid = false, addon, className, ...input }: TextFieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? hintId : undefined}
          className={cn(inputClasses, addon ? 'pr-16' : undefined)}
          {...input}
        />
        {addon && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{addon}</div>}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-amber-700">
          {hint}
        </p>
      )}
    </div>
  );
};

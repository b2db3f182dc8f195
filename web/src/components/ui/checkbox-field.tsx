import { type ComponentProps, useId } from 'react';

type Props = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label: string;
  /** A short note under the label, read with the checkbox. */
  hint?: string | undefined;
};

export const CheckboxField = ({ label, hint, ...input }: Props) => {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        {...input}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
};

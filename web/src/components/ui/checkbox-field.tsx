import { type ComponentProps, useId } from 'react';

export const CheckboxField = ({
  label,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string }) => {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        {...input}
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
};

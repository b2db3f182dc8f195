import { useId } from 'react';

/** The broker layouts an orders CSV comes in (the API's `layout` query parameter). */
export type OrdersLayout = 'generic' | 'ibkr';

const LAYOUTS: readonly { value: OrdersLayout; label: string }[] = [
  { value: 'generic', label: 'Generic CSV' },
  { value: 'ibkr', label: 'Interactive Brokers basket' },
];

/** The "Orders file layout" select beside every "Download orders CSV" button. */
export const OrdersLayoutSelect = ({
  value,
  onChange,
}: {
  value: OrdersLayout;
  onChange: (layout: OrdersLayout) => void;
}) => {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        Orders file layout
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as OrdersLayout)}
        className="rounded-md border-slate-300 py-2 text-sm text-slate-900 ring-1 ring-slate-300"
      >
        {LAYOUTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
};

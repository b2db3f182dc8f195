import { cn } from '@/lib/cn';
import { INDEX_KINDS, type IndexKind } from '../utils/index-draft';

/** "One ETF | A blend of ETFs | My own list": native radios (arrow keys move the choice) drawn as a segmented control. */
export const IndexKindChoice = ({
  value,
  onChange,
  name,
}: {
  value: IndexKind;
  onChange: (kind: IndexKind) => void;
  /** The radio group's name: unique per form. */
  name: string;
}) => (
  <fieldset>
    <legend className="text-sm font-medium text-slate-800">What to replicate</legend>
    <div className="mt-1.5 grid grid-cols-1 gap-2 sm:grid-cols-3">
      {INDEX_KINDS.map(({ kind, label }) => (
        <label
          key={kind}
          className={cn(
            'flex cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-center text-sm font-semibold ring-1 ring-inset has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
            value === kind
              ? 'bg-indigo-50 text-indigo-800 ring-indigo-300'
              : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
          )}
        >
          <input
            type="radio"
            name={name}
            value={kind}
            checked={value === kind}
            onChange={() => onChange(kind)}
            className="sr-only"
          />
          {label}
        </label>
      ))}
    </div>
  </fieldset>
);

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { IndexDraft, ListSource } from '../utils/index-draft';
import { CsvListInput } from './csv-list-input';
import { IndexKindChoice } from './index-kind-choice';
import { PaidPlanNotice } from './paid-plan-notice';
import { WeightRowsEditor } from './weight-rows-editor';

type Props = {
  draft: IndexDraft;
  onChange: (draft: IndexDraft) => void;
  /** The radio group's name (unique per form). */
  name: string;
  /** How "One ETF" is picked here (the wizard's search, the dialog's symbol field). */
  etfPicker: ReactNode;
  /** False on Free: blends and lists are refused, the editor says so. */
  paid: boolean;
  plan: string | undefined;
  disabled?: boolean;
};

/** The index being chosen: one ETF, a blend (rows adding up to 100 %), or an own list (rows or CSV). */
export const IndexEditor = ({ draft, onChange, name, etfPicker, paid, plan, disabled }: Props) => (
  <div className="min-w-0 space-y-4">
    <IndexKindChoice name={name} value={draft.kind} onChange={(kind) => onChange({ ...draft, kind })} />
    {draft.kind === 'etf' ? (
      etfPicker
    ) : (
      <IndexDefinitionFields draft={draft} onChange={onChange} paid={paid} plan={plan} disabled={disabled} />
    )}
  </div>
);

/** The blend's or the list's fields (the draft's kind is not 'etf'); on Free, why they are not offered. */
export const IndexDefinitionFields = ({
  draft,
  onChange,
  paid,
  plan,
  disabled,
}: Omit<Props, 'name' | 'etfPicker'>) => {
  if (!paid) return <PaidPlanNotice plan={plan} />;
  if (draft.kind === 'blend') {
    return (
      <WeightRowsEditor
        kind="blend"
        rows={draft.blend}
        disabled={disabled}
        onChange={(blend) => onChange({ ...draft, blend })}
      />
    );
  }
  return (
    <div className="min-w-0 space-y-3">
      <ListSourceChoice
        value={draft.listSource}
        onChange={(listSource) => onChange({ ...draft, listSource })}
      />
      {draft.listSource === 'rows' ? (
        <WeightRowsEditor
          kind="custom"
          rows={draft.list}
          disabled={disabled}
          onChange={(list) => onChange({ ...draft, list })}
        />
      ) : (
        <CsvListInput value={draft.csv} disabled={disabled} onChange={(csv) => onChange({ ...draft, csv })} />
      )}
    </div>
  );
};

const SOURCES: readonly [ListSource, string][] = [
  ['rows', 'Type the list'],
  ['csv', 'Paste or upload a CSV'],
];

const ListSourceChoice = ({
  value,
  onChange,
}: {
  value: ListSource;
  onChange: (source: ListSource) => void;
}) => (
  <fieldset className="flex flex-wrap gap-2">
    <legend className="sr-only">How to enter the list</legend>
    {SOURCES.map(([source, label]) => (
      <button
        key={source}
        type="button"
        aria-pressed={value === source}
        onClick={() => onChange(source)}
        className={cn(
          'rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          value === source
            ? 'bg-indigo-50 text-indigo-800 ring-indigo-300'
            : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
        )}
      >
        {label}
      </button>
    ))}
  </fieldset>
);

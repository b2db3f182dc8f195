import {
  type CorporateActionInput,
  corporateActionTermsSchema,
  describeRatio,
} from '@etf-replicator/core/market-data/corporate-action-event';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import {
  type CorporateActionList,
  useCorporateActions,
  useRecordCorporateAction,
} from '../api/corporate-actions';

type Action = CorporateActionList['actions'][number];
type Fields = {
  type: string;
  symbol: string;
  toSymbol: string;
  ratio: string;
  basisFraction: string;
  effectiveOn: string;
  note: string;
};
const EMPTY: Fields = {
  type: 'SPLIT',
  symbol: '',
  toSymbol: '',
  ratio: '',
  basisFraction: '',
  effectiveOn: '',
  note: '',
};

/** "Split 10-for-1 of NFLX", "FB renamed META", "DD spun off Q (1-for-2, 25 % of basis)". */
export const describeAction = (action: Action): string => {
  if (action.type === 'SPLIT') return `Split ${describeRatio(action.ratio)} of ${action.symbol}`;
  if (action.type === 'RENAME') return `${action.symbol} renamed ${action.toSymbol ?? ''}`;
  return `${action.symbol} spun off ${action.toSymbol ?? ''} (${describeRatio(action.ratio)}, basis fraction ${action.basisFraction ?? ''})`;
};

const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

/** The admin's corporate actions (issue 32 item 2): the recorded list and a form to record one. */
export const CorporateActions = () => {
  const list = useCorporateActions();
  const record = useRecordCorporateAction();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const optional = (value: string) => (value.trim() === '' ? undefined : value);
    const input = {
      type: fields.type,
      symbol: fields.symbol,
      // Only the fields the chosen type shows (a value typed under another type stays out).
      toSymbol: fields.type === 'SPLIT' ? undefined : optional(fields.toSymbol),
      ratio: fields.type === 'RENAME' ? '1' : fields.ratio,
      basisFraction: fields.type === 'SPINOFF' ? optional(fields.basisFraction) : undefined,
      effectiveOn: fields.effectiveOn,
      note: optional(fields.note),
    };
    const checked = corporateActionTermsSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    record.mutate(input as CorporateActionInput, { onSuccess: () => setFields(EMPTY) });
  };
  const field = (name: keyof Fields, label: string, props: Record<string, string> = {}) => (
    <label className="block min-w-0 text-sm font-medium text-slate-700">
      {label}
      <input
        value={fields[name]}
        onChange={set(name)}
        className={inputClass}
        aria-invalid={errors[name] !== undefined}
        {...props}
      />
      {errors[name] && <span className="mt-1 block text-xs font-normal text-red-700">{errors[name]}</span>}
    </label>
  );
  return (
    <section className="mt-10 space-y-4" aria-labelledby="corporate-actions-heading">
      <div>
        <h2 id="corporate-actions-heading" className="text-xl font-semibold text-slate-900">
          Corporate actions
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Splits, reverse splits, ticker changes and spin-offs. Recording one applies it at once to every
          tracking holding the stock (shares × ratio, cost per share ÷ ratio, dates kept), as a revertible
          entry in its history.
        </p>
      </div>
      {list.isPending ? (
        <Spinner label="Loading corporate actions…" />
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          The corporate actions could not be loaded.
        </p>
      ) : list.data.actions.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
          None recorded yet.
        </p>
      ) : (
        <ul
          aria-label="Corporate actions"
          className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200"
        >
          {list.data.actions.map((action) => (
            <li key={action.actionId} className="space-y-1 px-4 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{describeAction(action)}</span>
                <Badge tone="slate">{action.source.toLowerCase()}</Badge>
              </p>
              <p className="text-slate-600">
                Effective {formatDate(action.effectiveOn)}
                {action.note ? ` · ${action.note}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        aria-labelledby="record-action-heading"
      >
        <h3 id="record-action-heading" className="text-base font-semibold text-slate-900">
          Record an action
        </h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="block text-sm font-medium text-slate-700">
            Type
            <select value={fields.type} onChange={set('type')} className={inputClass}>
              <option value="SPLIT">Split or reverse split</option>
              <option value="RENAME">Ticker change</option>
              <option value="SPINOFF">Spin-off</option>
            </select>
          </label>
          {field('symbol', 'Ticker', { placeholder: 'NFLX' })}
          {fields.type !== 'SPLIT' &&
            field('toSymbol', fields.type === 'RENAME' ? 'New ticker' : 'New stock', { placeholder: 'Q' })}
          {fields.type !== 'RENAME' &&
            field(
              'ratio',
              fields.type === 'SPLIT' ? 'New shares per old share' : 'New shares per parent share',
              { inputMode: 'decimal', placeholder: '10 (10-for-1), 0.1 (1-for-10)' },
            )}
          {fields.type === 'SPINOFF' &&
            field('basisFraction', "Basis fraction (issuer's Form 8937)", {
              inputMode: 'decimal',
              placeholder: '0.25',
            })}
          {field('effectiveOn', 'Effective on', { type: 'date' })}
        </div>
        {field('note', 'Source or note')}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Recording…' : 'Record and apply'}
          </Button>
          {record.isSuccess && (
            <p role="status" className="text-sm text-green-800">
              {record.data.outcome === 'appended' ? 'Recorded' : 'Already recorded'}; applied to{' '}
              {record.data.appliedTo} {record.data.appliedTo === 1 ? 'tracking' : 'trackings'}.
            </p>
          )}
          {record.isError && (
            <p role="alert" className="text-sm text-red-700">
              {record.error.message || 'The action could not be recorded.'}
            </p>
          )}
        </div>
      </form>
    </section>
  );
};

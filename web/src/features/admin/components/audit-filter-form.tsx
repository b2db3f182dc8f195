import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { useAuditFilterOptions } from '../api/get-audit-filters';
import { type AuditFilters, EMPTY_FILTERS, isoToLocalInput, localInputToIso } from '../utils/audit-filters';

type Props = { filters: AuditFilters; onApply: (filters: AuditFilters) => void };

const label = 'block text-sm font-medium text-slate-800';

/** User, stream category, event type and time range; applied together so the URL holds one view. */
export const AuditFilterForm = ({ filters, onApply }: Props) => {
  const options = useAuditFilterOptions();
  const [draft, setDraft] = useState(() => ({
    ...filters,
    from: isoToLocalInput(filters.from),
    to: isoToLocalInput(filters.to),
  }));
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...draft,
      user: draft.user.trim(),
      from: localInputToIso(draft.from),
      to: localInputToIso(draft.to, { endOfMinute: true }),
    });
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };
  const choices = (values: readonly string[] | undefined, current: string) =>
    [...new Set([...(values ?? []), ...(current ? [current] : [])])].sort();

  return (
    <form
      onSubmit={submit}
      aria-label="Audit log filters"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div>
        <label htmlFor="audit-user" className={label}>
          User (e-mail or id)
        </label>
        <input
          id="audit-user"
          className={`${inputClasses} mt-1.5`}
          value={draft.user}
          onChange={set('user')}
        />
      </div>
      <div>
        <label htmlFor="audit-category" className={label}>
          Stream category
        </label>
        <select
          id="audit-category"
          className={`${inputClasses} mt-1.5`}
          value={draft.category}
          onChange={set('category')}
        >
          <option value="">All categories</option>
          {choices(options.data?.categories, draft.category).map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-type" className={label}>
          Event type
        </label>
        <select
          id="audit-type"
          className={`${inputClasses} mt-1.5`}
          value={draft.eventType}
          onChange={set('eventType')}
        >
          <option value="">All event types</option>
          {choices(options.data?.eventTypes, draft.eventType).map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="audit-from" className={label}>
          From
        </label>
        <input
          id="audit-from"
          type="datetime-local"
          className={`${inputClasses} mt-1.5`}
          value={draft.from}
          onChange={set('from')}
        />
      </div>
      <div>
        <label htmlFor="audit-to" className={label}>
          To
        </label>
        <input
          id="audit-to"
          type="datetime-local"
          className={`${inputClasses} mt-1.5`}
          value={draft.to}
          min={draft.from || undefined}
          onChange={set('to')}
        />
      </div>
      <div className="flex gap-3 sm:col-span-2 lg:col-span-5">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="secondary" onClick={reset}>
          Reset
        </Button>
      </div>
    </form>
  );
};

import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { useEtfHoldings } from '@/features/etfs/api/get-etf-holdings';
import { useEtfInfo } from '@/features/etfs/api/get-etf-info';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/stores/session-store';
import { useExclusionsPreview, useSaveExclusions } from '../api/exclusions';
import type { TrackingDetail } from '../api/get-tracking';
import {
  draftOf,
  type ExclusionsDraft,
  exclusionChanges,
  hasChanges,
  normalizeSymbol,
  symbolProblem,
} from '../utils/exclusions-draft';
import { ExclusionScreens } from './exclusion-screens';
import { ExclusionSectors } from './exclusion-sectors';
import { ExclusionsCost } from './exclusions-cost';

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.message ? error.message : fallback;

/**
 * Exclusions by stock, sector and values screen (issues 17 and 30): the draft is edited here and previewed live
 * (what the target's ETF replication rate would be, and the orders), then saved as one or two commands.
 */
export const ExclusionsPanel = ({ detail, disabled }: { detail: TrackingDetail; disabled: boolean }) => {
  const saved = detail.exclusions;
  const savedKey = JSON.stringify(saved ? [saved.symbols, saved.sectors, saved.industries] : null);
  const [draft, setDraft] = useState<ExclusionsDraft>(() => draftOf(saved));
  // The saved exclusions changed (saved here, reverted in the history, another window): start from them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for `saved`'s contents.
  useEffect(() => setDraft((current) => ({ ...draftOf(saved), mode: current.mode })), [savedKey]);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const free = useSession((state) => state.plan) === undefined;
  const holdings = useEtfHoldings(detail.symbol);
  const holdingsCount = useEtfInfo(detail.symbol).data?.holdingsCount;
  const changes = exclusionChanges(saved, draft);
  const changed = hasChanges(changes);
  const preview = useExclusionsPreview(detail.trackingId, draft, changed);
  const save = useSaveExclusions(detail.trackingId, {
    onSuccess: () => notify.success('Exclusions saved'),
    onError: (error) => notify.error(messageOf(error, 'The exclusions could not be saved.')),
  });
  const ids = { input: useId(), list: useId(), mode: useId(), typedError: useId() };
  const modeOf = (symbol: string) => saved?.symbols.find((entry) => entry.symbol === symbol)?.mode;
  const suggestions = useMemo(
    () => (holdings.data ?? []).filter((holding) => !draft.symbols.includes(holding.asset)),
    [holdings.data, draft.symbols],
  );

  const addSymbol = (event: FormEvent) => {
    event.preventDefault();
    const symbol = normalizeSymbol(typed);
    if (holdings.isPending && symbol !== '')
      return setTypedError(`The holdings of ${detail.symbol} are still loading. Try again in a moment.`);
    const listed = (holdings.data ?? []).map((holding) => holding.asset);
    const problem = symbolProblem(symbol, draft.symbols, {
      etfSymbol: detail.symbol,
      // What the tracking holds or targets, and what it excluded before, are holdings too.
      symbols: [
        ...listed,
        ...Object.keys(detail.prices),
        ...(saved?.symbols ?? []).map((entry) => entry.symbol),
      ],
      complete: typeof holdingsCount === 'number' && listed.length >= holdingsCount,
    });
    if (problem) return setTypedError(problem);
    setTypedError(null);
    setTyped('');
    setDraft({ ...draft, symbols: [...draft.symbols, symbol] });
  };
  const removeSymbol = (symbol: string) =>
    setDraft({ ...draft, symbols: draft.symbols.filter((s) => s !== symbol) });
  const toggleSector = (sector: string, on: boolean) =>
    setDraft({
      ...draft,
      sectors: on ? [...draft.sectors, sector] : draft.sectors.filter((s) => s !== sector),
    });

  const shown = changed ? preview.data?.exclusions : saved;
  const previewError = changed && preview.isError ? messageOf(preview.error, 'The preview failed.') : null;
  const busy = disabled || save.isPending;

  return (
    <section className="space-y-4 border-t border-slate-200 pt-4" aria-labelledby="exclusions-heading">
      <div>
        <h3 id="exclusions-heading" className="text-base font-semibold text-slate-900">
          Exclusions
        </h3>
        <p className="text-xs text-slate-500">
          Leave out stocks, whole sectors or industries. The rest of the ETF is re-weighted to 100%.
          {free && ' Your plan allows one excluded stock and no sectors or screens.'}
        </p>
      </div>

      <form onSubmit={addSymbol} noValidate>
        <label htmlFor={ids.input} className="block text-sm font-medium text-slate-900">
          Exclude a stock
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={ids.input}
            list={ids.list}
            value={typed}
            disabled={busy}
            autoComplete="off"
            placeholder="Symbol, e.g. AAPL"
            aria-invalid={typedError !== null}
            aria-describedby={typedError ? ids.typedError : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setTypedError(null);
            }}
            className={`${inputClasses} min-w-0 flex-1`}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Add
          </Button>
        </div>
        <datalist id={ids.list}>
          {suggestions.map((holding) => (
            <option key={holding.asset} value={holding.asset}>
              {holding.name}
            </option>
          ))}
        </datalist>
        {typedError && (
          <p id={ids.typedError} role="alert" className="mt-1 text-xs text-red-700">
            {typedError}
          </p>
        )}
      </form>

      {draft.symbols.length > 0 && (
        <ul aria-label="Excluded stocks" className="flex flex-wrap gap-2">
          {draft.symbols.map((symbol) => (
            <li
              key={symbol}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
            >
              <span className="font-medium">{symbol}</span>
              {modeOf(symbol) && (
                <span className="text-xs text-slate-500">{modeOf(symbol) === 'keep' ? 'kept' : 'sold'}</span>
              )}
              <button
                type="button"
                disabled={busy}
                aria-label={`Take ${symbol} back`}
                onClick={() => removeSymbol(symbol)}
                className="inline-flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}

      <ExclusionSectors
        sectors={saved?.etfSectors ?? []}
        excluded={draft.sectors}
        free={free}
        busy={busy}
        onToggle={toggleSector}
      />

      <ExclusionScreens
        industries={draft.industries}
        unclassifiedWeight={shown?.unclassifiedWeight ?? saved?.unclassifiedWeight}
        free={free}
        busy={busy}
        onChange={(industries) => setDraft({ ...draft, industries })}
      />

      <fieldset>
        <legend id={ids.mode} className="text-sm font-medium text-slate-900">
          Shares you hold of newly excluded stocks
        </legend>
        <div className="mt-1.5 flex flex-col gap-1.5 sm:flex-row sm:gap-4">
          {(
            [
              ['sell', 'Sell them'],
              ['keep', 'Keep them, stop buying'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={ids.mode}
                value={mode}
                checked={draft.mode === mode}
                disabled={busy}
                onChange={() => setDraft({ ...draft, mode })}
                className="size-4 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <ExclusionsCost
        shown={shown}
        changed={changed}
        preview={preview.data}
        previewError={previewError}
        fetching={preview.isFetching}
      />

      <div className="flex flex-wrap gap-2">
        <Button
          disabled={busy || !changed || previewError !== null || !preview.data || preview.isFetching}
          onClick={() => save.mutate({ trackingId: detail.trackingId, changes })}
        >
          {save.isPending ? 'Saving…' : 'Save exclusions'}
        </Button>
        {changed && (
          <Button variant="ghost" disabled={busy} onClick={() => setDraft(draftOf(saved))}>
            Discard changes
          </Button>
        )}
      </div>
    </section>
  );
};
